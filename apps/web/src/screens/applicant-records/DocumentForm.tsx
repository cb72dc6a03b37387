import { DOCUMENT_TYPES, ZEndorsementInput, applicantDocuments } from "@crew/contracts";
import { Alert, Checkbox, Divider, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { createPacer, FILE_UPLOAD_SPACING_MS } from "../../api";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { useResourceRecord } from "../../resources/data/use-resource-queries";
import { FieldInput } from "../../resources/fields/field-kinds";
import { draftOf, isFileDraft, type TFileDraft } from "../../resources/fields/file-draft";
import { changedDrafts, syncFiles, type TFileSyncEvent } from "../../resources/form/file-sync";
import {
  fieldMessage,
  fileDrafts,
  initialValues,
  toPayload,
  validatePayload,
  type TFieldErrors,
  type TFormValue,
  type TFormValues,
  type TPayload,
} from "../../resources/form/form-model";
import { FormButtons } from "../../resources/form/FormButtons";
import { RelationshipField } from "../../resources/form/RelationshipField";
import type { TResourceFormProps } from "../../resources/form/ResourceForm";
import { RestoredDraft, useDraftValues } from "../../resources/form/form-guard";

const def = applicantDocuments;
const A = def.attributes;
const R = def.relationships;

/** The endorsement part of the form: the fields of its kind 3 record. */
interface TEndorsementValues {
  number: string;
  valid_from: string;
  valid_until: string;
  issued_by: string;
  issuing_country: string | null;
  files: TFileDraft;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");
const endorsementValues = (e: TResourceRecord | undefined): TEndorsementValues => ({
  number: text(e?.attributes.number),
  valid_from: text(e?.attributes.valid_from),
  valid_until: text(e?.attributes.valid_until),
  issued_by: text(e?.attributes.issued_by),
  issuing_country: (() => {
    const data = e?.relationships?.issuing_country?.data;
    return data && !Array.isArray(data) ? data.id : null;
  })(),
  files: draftOf(e?.attributes.files),
});

const withUpload = (draft: TFileDraft, event: TFileSyncEvent): TFileDraft => ({
  ...draft,
  items: draft.items.map((i) => (i.key === event.key ? { ...i, upload: event.state } : i)),
});

type TPhase = "editing" | "saving" | "uploading" | "files-failed";

/**
 * A document or certificate (spec 001 "Applicant document"; /users/:userId/documents/new and
 * edit): its kind, type, number, dates, issuer and files; a certificate with endorsement (type 2)
 * carries its endorsement's fields, saved with it in one write (`endorsement_attributes`), and the
 * endorsement's own files. Files go up after the save, one per 1000 ms across both (spec 001 §4).
 */
const DocumentFormBody = ({
  mode,
  record,
  included = new Map(),
  onSubmit,
  onSaved,
  onCancel,
  hiddenFields = [],
  endorsement,
}: TResourceFormProps & { endorsement?: TResourceRecord }) => {
  const [initial] = useState<TFormValues>(() => {
    const v = initialValues(def, record);
    // The select holds text; the record says 1, 2 or 3.
    return {
      ...v,
      n_tpd:
        typeof v.n_tpd === "number" || (typeof v.n_tpd === "string" && v.n_tpd !== "")
          ? String(v.n_tpd)
          : String(DOCUMENT_TYPES.document),
    };
  });
  const { values, setValues, restored } = useDraftValues(initial);
  const [initialEndorsement] = useState(() => endorsementValues(endorsement));
  const [e, setE] = useState<TEndorsementValues>(initialEndorsement);
  const hadEndorsement = Boolean(endorsement);
  const [withEndorsement, setWithEndorsement] = useState(hadEndorsement);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [phase, setPhase] = useState<TPhase>("editing");
  const locked = phase !== "editing";
  const busy = phase === "saving" || phase === "uploading";
  const certificate = values.n_tpd === String(DOCUMENT_TYPES.certificate);

  const set = (name: string, value: TFormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => k !== name)));
  };
  const setEndorsement = <K extends keyof TEndorsementValues>(name: K, value: TEndorsementValues[K]) => {
    setE((old) => ({ ...old, [name]: value }));
    setErrors((old) =>
      Object.fromEntries(Object.entries(old).filter(([k]) => k !== "endorsement_attributes")),
    );
  };
  const message = (name: string, label: string): string | undefined =>
    errors[name] ? fieldMessage(label, errors[name] ?? "") : undefined;

  /** What the write says of the endorsement: its fields, null to remove it, or nothing. */
  const endorsementPart = (): Record<string, unknown> | null | undefined => {
    if (certificate && withEndorsement) {
      return {
        number: e.number,
        valid_from: e.valid_from || null,
        valid_until: e.valid_until || null,
        issued_by: e.issued_by,
        issuing_country_id: e.issuing_country ? Number(e.issuing_country) : null,
      };
    }
    return hadEndorsement ? null : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const full = toPayload(def, mode, values, initial);
    const drop = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([k]) => !hiddenFields.includes(k)));
    const payload: TPayload = {
      attributes: drop(full.attributes),
      relationships: drop(full.relationships) as TPayload["relationships"],
    };
    const part = endorsementPart();
    const clientErrors: TFieldErrors = validatePayload(def, mode, payload);
    if (part !== undefined) {
      const checked = part === null ? { success: true as const } : ZEndorsementInput.safeParse(part);
      if (!checked.success)
        clientErrors.endorsement_attributes = checked.error.issues
          .map((i) => `${String(i.path[0] ?? "")} ${i.message}`)
          .join("; ");
      payload.attributes.endorsement_attributes = part;
    }
    if (mode === "create" && !payload.relationships.kind) clientErrors.kind = "can't be blank";
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) return;
    setPhase("saving");
    const outcome = await onSubmit(payload);
    if (!outcome || "errors" in outcome) {
      if (outcome) setErrors(outcome.errors);
      setPhase("editing");
      return;
    }
    const saved = outcome.record;
    const own = changedDrafts(fileDrafts(def, values), fileDrafts(def, initial));
    const endorsementId = saved.attributes.endorsement_id;
    const theirs =
      certificate && withEndorsement && endorsementId !== null && endorsementId !== undefined
        ? changedDrafts({ files: e.files }, { files: initialEndorsement.files })
        : {};
    if (!Object.keys(own).length && !Object.keys(theirs).length) return onSaved(saved, 0);
    setPhase("uploading");
    // One pace for both records' files: one per second in sequence.
    const pacer = createPacer(FILE_UPLOAD_SPACING_MS);
    const first = await syncFiles(
      def,
      saved.id,
      own,
      (ev) =>
        setValues((v) => {
          const draft = v[ev.attribute];
          return isFileDraft(draft) ? { ...v, [ev.attribute]: withUpload(draft, ev) } : v;
        }),
      { pacer },
    );
    const second = Object.keys(theirs).length
      ? await syncFiles(
          def,
          String(endorsementId),
          theirs,
          (ev) => setE((old) => ({ ...old, files: withUpload(old.files, ev) })),
          { pacer },
        )
      : { failed: 0, errors: {} };
    const failed = first.failed + second.failed;
    setErrors((old) => ({
      ...old,
      ...first.errors,
      ...Object.fromEntries(Object.entries(second.errors).map(([, m]) => ["endorsement_files", m])),
    }));
    setPhase(failed ? "files-failed" : "editing");
    await onSaved(first.record ?? saved, failed);
  };

  const attr = (name: keyof typeof A, extra: { required?: boolean } = {}) => {
    const a = A[name];
    return (
      <FieldInput
        name={name}
        attr={a}
        mode={mode}
        value={values[name] ?? null}
        required={extra.required ?? Boolean("required" in a && a.required)}
        error={message(name, a.label)}
        disabled={locked}
        onChange={(next) => set(name, next)}
        autoFocus={name === "number"}
      />
    );
  };
  const relation = (name: "kind" | "issuing_country" | "role") => (
    // The kind is needed (by the relationship or n_doc): marked as the required field it is.
    <RelationshipField
      name={name}
      rel={name === "kind" ? { ...R.kind, required: true } : R[name]}
      value={values[name] ?? null}
      record={record}
      included={included}
      error={message(name, R[name].label)}
      disabled={locked}
      onChange={(next) => set(name, next)}
    />
  );
  const otherErrors = Object.entries(errors).filter(
    ([name]) =>
      ![
        "kind",
        "n_tpd",
        "number",
        "valid_from",
        "valid_until",
        "issued_by",
        "issuing_country",
        "role",
        "files",
        "endorsement_attributes",
        "endorsement_files",
      ].includes(name),
  );

  return (
    <form
      onSubmit={(ev) => void submit(ev)}
      noValidate
      aria-label={`${mode === "create" ? "New" : "Edit"} document`}
    >
      <Stack gap="md">
        {restored ? <RestoredDraft /> : null}
        {otherErrors.length ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {otherErrors.map(([name, t]) => (
              <div key={name}>{fieldMessage(name, t)}</div>
            ))}
          </Alert>
        ) : null}
        {phase === "files-failed" ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The document is saved"
          >
            Some files were not uploaded; each says why below. Open the form again to retry them.
          </Alert>
        ) : null}
        {relation("kind")}
        {attr("n_tpd")}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {attr("number")}
          {relation("role")}
          {attr("valid_from")}
          {attr("valid_until")}
          {attr("issued_by")}
          {relation("issuing_country")}
        </SimpleGrid>
        {attr("files")}
        {certificate ? (
          <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
            <Stack gap="sm">
              <Checkbox
                label="It has a flag-state endorsement"
                checked={withEndorsement}
                disabled={locked}
                onChange={(ev) => setWithEndorsement(ev.currentTarget.checked)}
              />
              {withEndorsement ? (
                <>
                  <Text size="xs" c="dimmed">
                    Saved with the certificate as its endorsement record.
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <FieldInput
                      name="endorsement_number"
                      attr={{ ...A.number, label: "Endorsement number" }}
                      mode={mode}
                      value={e.number}
                      required
                      disabled={locked}
                      onChange={(v) => setEndorsement("number", text(v))}
                    />
                    <RelationshipField
                      name="endorsement_country"
                      rel={{ ...R.issuing_country, label: "Endorsing country" }}
                      value={e.issuing_country}
                      record={endorsement}
                      included={included}
                      disabled={locked}
                      onChange={(v) =>
                        setEndorsement("issuing_country", typeof v === "string" && v ? v : null)
                      }
                    />
                    <FieldInput
                      name="endorsement_valid_from"
                      attr={{ ...A.valid_from, label: "Endorsed on" }}
                      mode={mode}
                      value={e.valid_from}
                      required={false}
                      disabled={locked}
                      onChange={(v) => setEndorsement("valid_from", text(v))}
                    />
                    <FieldInput
                      name="endorsement_valid_until"
                      attr={{ ...A.valid_until, label: "Endorsement valid until" }}
                      mode={mode}
                      value={e.valid_until}
                      required={false}
                      disabled={locked}
                      onChange={(v) => setEndorsement("valid_until", text(v))}
                    />
                  </SimpleGrid>
                  <FieldInput
                    name="endorsement_issued_by"
                    attr={{ ...A.issued_by, label: "Endorsed by" }}
                    mode={mode}
                    value={e.issued_by}
                    required={false}
                    disabled={locked}
                    onChange={(v) => setEndorsement("issued_by", text(v))}
                  />
                  <FieldInput
                    name="endorsement_files"
                    attr={{ ...A.files, label: "Endorsement files" }}
                    mode={mode}
                    value={e.files}
                    required={false}
                    error={errors.endorsement_files}
                    disabled={locked}
                    onChange={(v) => isFileDraft(v) && setEndorsement("files", v)}
                  />
                </>
              ) : null}
              {errors.endorsement_attributes ? (
                <Text size="sm" c="red">
                  {fieldMessage("Endorsement", errors.endorsement_attributes)}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ) : null}
        <Divider />
        <FormButtons mode={mode} busy={busy} onCancel={onCancel} saved={phase === "files-failed"} />
      </Stack>
    </form>
  );
};

/** The document form, once a certificate's endorsement record (edit) is loaded. */
export const DocumentForm = (props: TResourceFormProps) => {
  const endorsementId = props.record?.attributes.endorsement_id;
  const id =
    typeof endorsementId === "number" || typeof endorsementId === "string"
      ? String(endorsementId)
      : undefined;
  const endorsement = useResourceRecord(def, id, ["issuing_country"]);
  if (id && !endorsement.data) return null;
  const included = new Map([...(props.included ?? new Map()), ...(endorsement.data?.included ?? new Map())]);
  return <DocumentFormBody {...props} included={included} endorsement={endorsement.data?.record} />;
};
