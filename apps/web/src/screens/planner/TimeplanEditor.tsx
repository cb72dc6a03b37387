import {
  comments,
  PLACEMENT_STATUSES,
  placementStatusOptions,
  formatDay,
  timePlans,
  type TPlacementStatus,
  type TResourceObject,
} from "@crew/contracts";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { create, getOne, queryKeys, remove, update, type TRelationshipsInput } from "../../api";
import { recordOf } from "../../api/record-types";
import { useRedirectOnError } from "../../resources/data/use-redirect-on-error";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { declaredRuleErrors } from "../../resources/form/form-model";
import { DateField } from "../../resources/fields/DateKinds";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useSession } from "../../session/use-session";
import { ContractPrint, templateList } from "./ContractPrint";
import { notifyWarnings, PLANNER_MESSAGES } from "./planner-messages";
import { useFormGuard } from "../../resources/form/form-guard";
import { SeafarerSearch, type TSeafarer } from "./SeafarerSearch";
import { ApplicantProfileCard } from "./ApplicantProfileCard";
import { WageForRank } from "../wages/WageForRank";
import { usePlannerRows } from "./use-planner-data";
import { ZPlanWarnings } from "./warnings";
import { PlanComments } from "../comments/PlanComments";
import { PlanVacancyActions } from "../vacancies/PlanVacancyActions";

/** A plan being made from a range selected on a row (navigation state of /timeplans/new). */
export interface TNewPlan {
  rowId: number;
  rowName: string;
  start: string;
  end: string;
  /** The seafarer picked in the user section's select-new-user mode, if any. */
  seafarer?: TSeafarer | null;
}

interface TProps {
  mode: "create" | "update";
  planId?: string;
  draft?: TNewPlan;
  /** The user section starts open (the address's `open`). */
  userSectionOpen: boolean;
  onClose: () => void;
}

interface TValues {
  start: string;
  end: string;
  status: TPlacementStatus;
  to_publish: boolean;
  repair_team: boolean;
  external_only: boolean;
  offer: number | null;
  vacancy_description: string;
  port: string | null;
  seafarer: TSeafarer | null;
}

/** What a save sends: the form's attributes and the relationships the user may write. */
interface TPlanWrite {
  attributes: Record<string, unknown>;
  relationships: TRelationshipsInput;
}

const day = (iso: string): string => iso.split("T")[0] ?? "";

/** The values a new plan starts from (the range and the row picked on the planner). */
const initialOf = (draft: TNewPlan | undefined): TValues | null =>
  draft
    ? {
        start: draft.start,
        end: draft.end,
        status: draft.seafarer ? "to_propose" : "vacancy",
        to_publish: false,
        repair_team: false,
        external_only: false,
        offer: null,
        vacancy_description: "",
        port: null,
        seafarer: draft.seafarer ?? null,
      }
    : null;
const isStatus = (v: string | null): v is TPlacementStatus => PLACEMENT_STATUSES.some((s) => s === v);

/**
 * The timeplan editor (/timeplans/new, /timeplans/{id}/edit; spec 002 §2, §4; 000 §4.4): dates,
 * status, the vacancy's offer and publication, marks, port, and the user section (the seafarer:
 * search in select-new-user mode, their profile). Field errors land on their fields; other 422s
 * show as a toast. After a save or a delete the planner is back at `/`.
 */
export const TimeplanEditor = ({ mode, planId, draft, userSectionOpen, onClose }: TProps) => {
  const { can, user } = useSession();
  const partnerView = user?.role === "partner_view";
  const mayEdit = can(timePlans.permission, mode === "create" ? "create" : "update");
  const existing = useQuery({
    queryKey: queryKeys.one(timePlans, planId ?? ""),
    queryFn: ({ signal }) => getOne(timePlans.type, planId ?? "", { include: ["port"] }, signal),
    enabled: mode === "update" && Boolean(planId),
  });
  // A plan that does not exist (or is out of reach) leads to not-found, not a loader for ever.
  useRedirectOnError(existing.error);
  const [values, setValues] = useState<TValues | null>(() => initialOf(draft));
  // What the dialog opened with: closing it after a change asks first (issue 22.11).
  const [initial, setInitial] = useState<TValues | null>(values);
  const guard = useFormGuard(onClose, values !== null && JSON.stringify(values) !== JSON.stringify(initial));
  const close = () => {
    guard.finish();
    onClose();
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Select-new-user mode: the search replaces the planned seafarer's name.
  const [choosing, setChoosing] = useState(mode === "create" && !draft?.seafarer);
  const [userSection, setUserSection] = useState(userSectionOpen);

  const plan = existing.data ? recordOf(timePlans, existing.data.data) : null;
  useEffect(() => {
    if (!plan || values) return;
    const a = plan.attributes;
    const port = existing.data?.data.relationships?.port?.data;
    const loaded: TValues = {
      start: day(a.start),
      end: day(a.end),
      status: a.status,
      to_publish: a.to_publish ?? false,
      repair_team: a.repair_team ?? false,
      external_only: a.external_only ?? false,
      offer: a.offer ?? null,
      vacancy_description: a.vacancy_description ?? "",
      port: port && !Array.isArray(port) ? port.id : null,
      seafarer: a.user_id ? { id: String(a.user_id), name: a.user_name ?? `#${a.user_id}` } : null,
    };
    setValues(loaded);
    setInitial(loaded);
  }, [plan, values, existing.data]);

  const warnings = ZPlanWarnings.safeParse(plan?.attributes.warnings).data ?? [];
  // Before saving (issue 22): a seafarer just picked whose rank does not fit the row, or who is not ready by the start.
  const plannerRows = usePlannerRows();
  const rowId = draft?.rowId ?? plan?.attributes.ms_id ?? null;
  const plannerRow = plannerRows.data?.find((r) => r.id === rowId);
  const rowRank = plannerRow?.rankTitle ?? null;
  const picked = values?.seafarer;
  const fitWarnings = [
    ...(picked?.rank && rowRank && picked.rank !== rowRank
      ? [`${picked.name} applied for ${picked.rank}, and this is a ${rowRank} row.`]
      : []),
    ...(picked?.readiness && values && picked.readiness > values.start
      ? [
          `${picked.name} is ready only on ${formatDay(picked.readiness)}, after the start on ${formatDay(values.start)}.`,
        ]
      : []),
  ];
  // The user section (the address's `open`): the planned seafarer's profile, for timeplans.userProfile.
  const showsProfile = Boolean(
    planId &&
    plan?.attributes.user_id &&
    values?.seafarer?.id === String(plan.attributes.user_id) &&
    can("timeplans.userProfile", "read"),
  );
  const set = (next: Partial<TValues>) => setValues((v) => (v ? { ...v, ...next } : v));
  const pickSeafarer = (seafarer: TSeafarer | null) => {
    // A vacancy filled is a proposal; a plan emptied is a vacancy again.
    setValues((v) =>
      v
        ? {
            ...v,
            seafarer,
            status: seafarer ? (v.status === "vacancy" ? "to_propose" : v.status) : "vacancy",
          }
        : v,
    );
    if (seafarer) setChoosing(false);
  };

  const saving = useResourceMutation<TPlanWrite, TResourceObject>({
    mutationFn: ({ attributes, relationships }) =>
      mode === "create"
        ? create(timePlans.type, attributes, relationships)
        : update(timePlans.type, planId ?? "", attributes, relationships),
    invalidates: [timePlans],
    notice: mode === "create" ? PLANNER_MESSAGES.created : PLANNER_MESSAGES.updated,
    onSuccess: (saved) => {
      notifyWarnings(ZPlanWarnings.safeParse(saved.attributes.warnings).data ?? []);
      close();
    },
    // The form always sends a status, so field errors go to the form (spec 002 §8).
    onFailure: (action) => {
      if (action?.kind === "fields") setErrors(action.fields);
    },
  });
  const save = () => {
    if (!values) return;
    // The definition's rules (end not before start) show before anything is sent, as in every form.
    const broken = declaredRuleErrors(timePlans, values);
    setErrors(broken);
    if (Object.keys(broken).length > 0) return;
    const vacancy = values.status === "vacancy";
    const attributes = {
      start: values.start,
      end: values.end,
      status: values.status,
      repair_team: values.repair_team,
      ...(partnerView
        ? {}
        : {
            external_only: values.external_only,
            to_publish: vacancy && values.to_publish,
            offer: vacancy ? values.offer : null,
            vacancy_description: vacancy && values.vacancy_description ? values.vacancy_description : null,
          }),
    };
    const relationships = {
      ...(draft ? { manning_scale: { type: "manning_scales", id: String(draft.rowId) } } : {}),
      ...(can("users", "read")
        ? { user: values.seafarer ? { type: "users", id: values.seafarer.id } : null }
        : {}),
      ...(can("ports", "read") ? { port: values.port ? { type: "ports", id: values.port } : null } : {}),
    };
    saving.mutate({ attributes, relationships });
  };

  const removing = useResourceMutation({
    mutationFn: () => remove(timePlans.type, planId ?? ""),
    invalidates: [timePlans],
    notice: PLANNER_MESSAGES.deleted,
    onSuccess: close,
  });

  const title =
    mode === "create"
      ? `New plan${draft ? ` · ${draft.rowName}` : ""}`
      : plan
        ? `${plan.attributes.vessel_name ?? ""} · ${plan.attributes.role_name ?? ""}`
        : "Plan";
  const vacancy = values?.status === "vacancy";
  return (
    <Modal
      opened
      onClose={guard.asking ? guard.keepEditing : guard.requestClose}
      title={guard.asking ? "Discard your changes?" : title}
      size="lg"
      data-testid="timeplan-editor"
    >
      {guard.confirm}
      {!values ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Stack gap="sm" display={guard.asking ? "none" : undefined}>
          {warnings.length > 0 && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title="Check before sending"
              data-testid="plan-warnings"
            >
              {warnings.map((w) => (
                <Text key={`${w.code}:${w.detail}`} size="sm">
                  {w.title}: {w.detail}
                </Text>
              ))}
            </Alert>
          )}
          <Group grow align="flex-start">
            <Suspense fallback={<Skeleton height={58} />}>
              <DateField
                label="Start"
                required
                value={values.start}
                onChange={(start) => set({ start })}
                error={errors.start}
                disabled={!mayEdit}
              />
              <DateField
                label="End"
                required
                value={values.end}
                onChange={(end) => set({ end })}
                error={errors.end}
                disabled={!mayEdit}
              />
            </Suspense>
          </Group>
          <Select
            label="Status"
            data={placementStatusOptions}
            value={values.status}
            allowDeselect={false}
            onChange={(v) =>
              isStatus(v) && set({ status: v, ...(v === "vacancy" ? { seafarer: null } : {}) })
            }
            error={errors.status}
            disabled={!mayEdit}
            data-testid="plan-status"
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Seafarer
            </Text>
            {choosing && can("users", "read") && mayEdit ? (
              <SeafarerSearch
                value={values.seafarer}
                onChange={pickSeafarer}
                error={errors.user}
                autoFocus={mode === "create"}
              />
            ) : (
              <Group justify="space-between">
                <Text size="sm" data-testid="plan-seafarer">
                  {values.seafarer?.name ?? "Nobody yet: a vacancy"}
                </Text>
                {can("users", "read") && mayEdit && (
                  <Group gap={4}>
                    <Button size="compact-xs" variant="light" onClick={() => setChoosing(true)}>
                      Choose another seafarer
                    </Button>
                    {values.seafarer && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        onClick={() => pickSeafarer(null)}
                      >
                        Make it a vacancy
                      </Button>
                    )}
                  </Group>
                )}
              </Group>
            )}
            {errors.user && !choosing && (
              <Text size="xs" c="red">
                {errors.user}
              </Text>
            )}
            {fitWarnings.length > 0 && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                title="Check the seafarer before saving"
                data-testid="plan-fit-warning"
              >
                {fitWarnings.map((w) => (
                  <Text key={w} size="sm">
                    {w}
                  </Text>
                ))}
              </Alert>
            )}
            {plannerRow && can("wageScales", "read") && !partnerView && (
              <WageForRank
                vesselId={plannerRow.vesselId}
                rankId={plannerRow.rankId}
                userId={can("users", "read") ? values.seafarer?.id : undefined}
              />
            )}
            {showsProfile && (
              <>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  w="fit-content"
                  onClick={() => setUserSection((o) => !o)}
                  data-testid="plan-profile-toggle"
                >
                  {userSection ? "Hide the profile" : "Show the profile"}
                </Button>
                {userSection && <ApplicantProfileCard planId={planId ?? ""} />}
              </>
            )}
          </Stack>
          {vacancy && !partnerView && (
            <>
              <Group grow align="flex-end">
                <NumberInput
                  label="Offer, USD/month"
                  min={0}
                  max={1_000_000}
                  value={values.offer ?? ""}
                  onChange={(v) => set({ offer: typeof v === "number" ? v : null })}
                  error={errors.offer}
                  disabled={!mayEdit}
                />
                <Checkbox
                  label="Publish the vacancy"
                  checked={values.to_publish}
                  onChange={(e) => set({ to_publish: e.currentTarget.checked })}
                  disabled={!mayEdit}
                  mb={8}
                />
              </Group>
              <Textarea
                label="Vacancy description"
                autosize
                minRows={2}
                maxRows={6}
                value={values.vacancy_description}
                onChange={(e) => set({ vacancy_description: e.currentTarget.value })}
                error={errors.vacancy_description}
                disabled={!mayEdit}
              />
              {plan?.attributes.vacancy_id ? (
                <PlanVacancyActions vacancyId={plan.attributes.vacancy_id} />
              ) : null}
            </>
          )}
          <Group gap="lg">
            <Checkbox
              label="Repair team"
              checked={values.repair_team}
              onChange={(e) => set({ repair_team: e.currentTarget.checked })}
              disabled={!mayEdit}
            />
            {!partnerView && (
              <Checkbox
                label="External only"
                checked={values.external_only}
                onChange={(e) => set({ external_only: e.currentTarget.checked })}
                disabled={!mayEdit}
              />
            )}
          </Group>
          {can("ports", "read") && (
            <RelationshipSelect
              type="ports"
              label="Port of joining"
              value={values.port}
              selectedLabel={plan?.attributes.port_name ?? undefined}
              onChange={(port) => set({ port })}
              error={errors.port}
              disabled={!mayEdit}
            />
          )}
          {mode === "update" && planId && can(comments.permission, "read") ? (
            <PlanComments planId={planId} />
          ) : null}
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              {mode === "update" && can(timePlans.permission, "delete") ? (
                <Button
                  color="red"
                  variant="subtle"
                  loading={removing.isPending}
                  onClick={() => planId && removing.mutate()}
                >
                  Delete this plan
                </Button>
              ) : null}
              {plan && planId && plan.attributes.has_contract_template && plan.attributes.user_id !== null ? (
                <ContractPrint
                  planId={planId}
                  documentTemplates={templateList(plan.attributes.document_templates)}
                />
              ) : null}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={guard.requestClose}>
                {mayEdit ? "Cancel" : "Close"}
              </Button>
              {mayEdit && (
                <Button onClick={save} loading={saving.isPending} data-testid="plan-save">
                  Save
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
