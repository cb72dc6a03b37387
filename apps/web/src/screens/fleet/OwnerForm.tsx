import { ownerLevelFees, owners } from "@crew/contracts";
import { Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { ResourceForm, type TResourceFormProps } from "../../resources/form/ResourceForm";
import { useSession } from "../../session/use-session";
import { sendOwnerTerms, termsChanged, termsChanges, type TOwnerTerms } from "../wages/owner-terms";
import { OwnerTermsFields, useOwnerTermsSource } from "../wages/OwnerTermsFields";
import { templateChanges } from "./owner-form-changes";

/**
 * The owner's form (new and edit): the definition's fields, its templates, and the terms,
 * contract terms and fees per rank level. Save first lists what the templates and terms will
 * change and waits for Confirm; then the owner is saved, the templates upload, and
 * update_terms, update_level_terms and update_contract_terms follow (spec 002 §7), each only
 * when its value changed.
 */
export const OwnerForm = (props: TResourceFormProps) => {
  const { can } = useSession();
  const ownerId = props.mode === "update" ? props.record?.id : undefined;
  const source = useOwnerTermsSource(ownerId);
  const { stored } = source;
  const [terms, setTerms] = useState<TOwnerTerms | null>(null);
  useEffect(() => {
    if (!terms && stored) setTerms(stored);
  }, [stored, terms]);
  // The terms actions need owners.update, also on a new owner.
  const mayEditTerms = can("owners", "update");

  const send = useResourceMutation({
    mutationFn: ({ id, values, before }: { id: string; values: TOwnerTerms; before: TOwnerTerms }) =>
      sendOwnerTerms(id, values, before),
    invalidates: [owners.type, ownerLevelFees.type],
  });
  const onSaved = async (record: TResourceRecord, failedFiles: number) => {
    if (terms && stored && termsChanged(stored, terms)) {
      const sent = await send.attempt({ id: record.id, values: terms, before: stored });
      // A refused terms action was shown; the owner and its files are saved and the form stays.
      if (!sent.ok) return;
    }
    await props.onSaved(record, failedFiles);
  };
  const review: TResourceFormProps["review"] = (payload, files) => {
    // The fees in the currency the save leaves the owner with (a new owner's is on the form).
    const typed = payload.attributes.currency;
    const currency = typeof typed === "string" && typed ? typed : source.currency;
    return [
      ...templateChanges(files),
      ...(terms && stored ? termsChanges(stored, terms, source.levelTitles, currency) : []),
    ];
  };
  return (
    <ResourceForm
      {...props}
      onSaved={onSaved}
      review={review}
      extra={
        terms && mayEditTerms ? (
          <Stack gap="sm" data-testid="owner-form-terms">
            <Text fw={650} size="sm">
              Terms and fees
            </Text>
            <OwnerTermsFields values={terms} source={source} readOnly={send.isPending} onChange={setTerms} />
          </Stack>
        ) : null
      }
    />
  );
};
