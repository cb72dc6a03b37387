import { Button, Menu } from "@mantine/core";
import { IconFileDescription } from "@tabler/icons-react";
import { z } from "zod";
import { timePlans } from "@crew/contracts";
import { runActionFor, saveFile } from "../../api";
import { notifySuccess } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

/** GET /api/print_contracts/{id}'s answer (spec 002 §7): the file as a data: URL and its name. */
const ZContractFile = z.object({
  xls_file: z.string(),
  file_file_name: z.string(),
  content_type: z.string(),
  pdf_available: z.boolean(),
});

/** The plan's `document_templates` attribute as a list (it is computed JSON). */
export const templateList = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** A data: URL's bytes (decoded here: the page's content policy keeps fetch to the API). */
const blobOf = (dataUrl: string, type: string): Blob => {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
};

/**
 * The plan's contract (issue 17 §4): the owner's contract template filled for the plan, as PDF
 * or Word, and with the owner's document templates in one .zip. Shown where the owner has a
 * contract template and the plan has a seafarer.
 */
export const ContractPrint = ({
  planId,
  documentTemplates,
}: {
  planId: string;
  documentTemplates: readonly unknown[];
}) => {
  const { can } = useSession();
  // A print writes nothing: nothing to reload; the file is saved, and a PDF that became Word says so.
  const printing = useResourceMutation<{ asDocx: boolean; full: boolean }, z.infer<typeof ZContractFile>>({
    mutationFn: ({ asDocx, full }) =>
      runActionFor(
        timePlans,
        "print_contract",
        { id: planId, input: { as_docx: asDocx ? "true" : "false", full: full ? "true" : "false" } },
        ZContractFile,
      ),
    onSuccess: (answer, { asDocx }) => {
      saveFile({
        blob: blobOf(answer.xls_file, answer.content_type),
        filename: answer.file_file_name,
        contentType: answer.content_type,
      });
      if (!asDocx && !answer.pdf_available)
        notifySuccess(
          "PDF is not available on this server (LibreOffice is not installed): the contract is a Word file.",
          "Printed as .docx",
        );
    },
  });
  if (!can("timeplans.userProfile", "read")) return null;
  const busy = printing.isPending;
  const print = (asDocx: boolean, full: boolean) => printing.mutate({ asDocx, full });
  return (
    <Menu position="top-start">
      <Menu.Target>
        <Button
          variant="light"
          loading={busy}
          leftSection={<IconFileDescription size={16} />}
          data-testid="print-contract"
        >
          Print contract
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => print(false, false)}>Contract (PDF)</Menu.Item>
        <Menu.Item onClick={() => print(true, false)}>Contract (Word .docx)</Menu.Item>
        {documentTemplates.length ? (
          <>
            <Menu.Item onClick={() => print(false, true)}>Contract and documents (PDF, .zip)</Menu.Item>
            <Menu.Item onClick={() => print(true, true)}>Contract and documents (Word, .zip)</Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
};
