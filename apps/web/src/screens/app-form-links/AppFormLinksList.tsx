import { APP_FORM_LINK_DAYS, appFormLinks } from "@crew/contracts";
import { Alert, Anchor, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { CopyLinkButton } from "../../lib/CopyLinkButton";
import { z } from "zod";
import { runActionFor } from "../../api/run-action";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelatedList, type TRelatedListProps } from "../../resources/details/RelatedList";
import { columnsOf } from "../../resources/list/columns";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { useSession } from "../../session/use-session";

/** What POST /api/users/{id}/app_form_links answers that this screen uses: the address, shown once. */
const ZIssued = z.object({ meta: z.object({ url: z.string(), message: z.string().optional() }) });

/**
 * An applicant's application-form links (issue 19 §3): the generic list (status, valid until,
 * submitted, who made it; delete) with "New link": staff choose how long it stays open and
 * confirm; the address is shown once to copy and pass on (only its hash is kept), and any older
 * open link of the applicant stops working, which the dialog says before it is made.
 */
export const AppFormLinksList = (props: TRelatedListProps) => {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const mayIssue = can(appFormLinks.permission, "create");
  return (
    <>
      <RelatedList
        {...props}
        // "Created by" once: the author_name attribute (the author relationship is not readable by
        // a manager, who may not read staff) and not the applicant, whose page this is.
        columns={() => [
          ...columnsOf(appFormLinks).filter(
            (c) => c.key !== "author" && c.key !== "user" && c.key !== "documents" && c.key !== "photo",
          ),
          { key: "files", label: "Sent files", render: (record) => <SentFiles record={record} /> },
        ]}
        headingExtras={
          mayIssue ? (
            <Button size="xs" leftSection={<IconLink size={14} />} onClick={() => setOpen(true)}>
              New link
            </Button>
          ) : undefined
        }
      />
      <IssueLinkDialog userId={props.parentId} opened={open} onClose={() => setOpen(false)} />
    </>
  );
};

/** What a link row holds of the seafarer's files (the stored-file JSON of `documents` and `photo`). */
const ZFile = z.object({ id: z.number(), filename: z.string(), url: z.string() });
const ZSent = z.object({
  status: z.string(),
  documents: z.array(ZFile).catch([]),
  photo: ZFile.nullable().catch(null),
});
const ZTaken = z.object({ meta: z.object({ message: z.string() }) });

/**
 * The scans and photo the seafarer sent with the form, each opening in a new tab, and once the
 * form was sent "Add to the record": the scans become the applicant's attachments, the photo
 * their photo (take_files). A draft's files are shown but not taken.
 */
const SentFiles = ({ record }: { record: TResourceRecord }) => {
  const sent = ZSent.safeParse(record.attributes);
  const take = useResourceMutation({
    mutationFn: (fileIds: number[]) =>
      runActionFor(appFormLinks, "take_files", { id: record.id, input: { file_ids: fileIds } }, ZTaken),
    invalidates: ["app_form_links", "attachments", "users"],
    notice: (a) => a.meta.message,
  });
  if (!sent.success) return "";
  const files = [...sent.data.documents, ...(sent.data.photo ? [sent.data.photo] : [])];
  if (!files.length) return "";
  return (
    <Stack gap={4} align="flex-start">
      {files.map((f) => (
        <Anchor key={f.id} href={f.url} target="_blank" rel="noopener" size="sm">
          {f.filename}
        </Anchor>
      ))}
      {sent.data.status === "submitted" ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={take.isPending}
          onClick={() => take.mutate(files.map((f) => f.id))}
        >
          Add to the record
        </Button>
      ) : null}
    </Stack>
  );
};

const IssueLinkDialog = ({
  userId,
  opened,
  onClose,
}: {
  userId: string;
  opened: boolean;
  onClose: () => void;
}) => {
  const [days, setDays] = useState<number>(APP_FORM_LINK_DAYS);
  const [url, setUrl] = useState<string | null>(null);
  const issue = useResourceMutation({
    mutationFn: (input: { days: number }) =>
      runActionFor(appFormLinks, "issue", { id: userId, input }, ZIssued),
    invalidates: ["app_form_links"],
    notice: (a) => a.meta.message,
    onSuccess: (a) => setUrl(a.meta.url),
  });
  const close = () => {
    setUrl(null);
    setDays(APP_FORM_LINK_DAYS);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New application-form link">
      {url ? (
        <Stack gap="sm" data-testid="app-form-link-issued">
          <Text size="sm">
            Send this address to the seafarer. It is shown only now: copy it before closing.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="Link address" value={url} readOnly style={{ flex: 1 }} />
            <CopyLinkButton value={url} />
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <NumberInput
            label="Open for (days)"
            min={1}
            max={60}
            value={days}
            onChange={(v) => setDays(typeof v === "number" ? v : APP_FORM_LINK_DAYS)}
            w={160}
          />
          <Alert variant="light" color="blue">
            The seafarer opens the link without an account, checks and corrects their details and sends them
            once. What they send waits on the Outside sites tab for you to accept field by field. A new link
            replaces any open link of this seafarer.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={issue.isPending} onClick={() => issue.mutate({ days })}>
              Create link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
