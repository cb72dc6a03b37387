import { ownerLevelFees, owners } from "@crew/contracts";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { sendOwnerTerms, termsChanges, type TOwnerTerms } from "./owner-terms";
import { ChangesPreview } from "../../resources/form/ChangesPreview";
import { OwnerTermsFields, useOwnerTermsSource } from "./OwnerTermsFields";

/**
 * The owner's terms, contract terms and fee per rank level, saved together: Save shows what
 * will change, Confirm sends it (spec 002 §7's terms actions, only what changed).
 */
export const OwnerTermsCard = ({ ownerId }: { ownerId: string }) => {
  const { can } = useSession();
  const mayEdit = can("owners", "update");
  const source = useOwnerTermsSource(ownerId);
  const [values, setValues] = useState<TOwnerTerms | null>(null);
  const [preview, setPreview] = useState<string[] | null>(null);
  const { stored } = source;
  useEffect(() => {
    if (!values && stored) setValues(stored);
  }, [stored, values]);

  const save = useResourceMutation({
    mutationFn: (v: TOwnerTerms) => sendOwnerTerms(ownerId, v, stored ?? undefined),
    invalidates: [owners.type, ownerLevelFees.type],
    notice: "Owner's terms saved",
    onSuccess: () => setPreview(null),
  });
  if (!values || !stored) return null;
  const review = () => setPreview(termsChanges(stored, values, source.levelTitles, source.currency));
  return (
    <Card withBorder padding="md" data-testid="owner-terms">
      <Stack gap="sm">
        <Title order={4}>Terms and fees</Title>
        <OwnerTermsFields
          values={values}
          source={source}
          readOnly={!mayEdit || preview !== null}
          onChange={(next) => {
            setValues(next);
            setPreview(null);
          }}
        />
        {preview?.length ? (
          <ChangesPreview
            lines={preview}
            busy={save.isPending}
            onConfirm={() => save.mutate(values)}
            onBack={() => setPreview(null)}
          />
        ) : mayEdit ? (
          <Group>
            <Button size="xs" onClick={review}>
              Save terms
            </Button>
            {preview ? (
              <Text size="sm" c="dimmed">
                Nothing to save: the terms and fees are as stored.
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
