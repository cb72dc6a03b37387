import { timePlans } from "@crew/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { TSelectOption } from "../../resources/data/resource-types";
import { ResourceForm, type TResourceFormProps } from "../../resources/form/ResourceForm";
import { useResourceRecord } from "../../resources/data/use-resource-queries";
import { useSession } from "../../session/use-session";
import { vacancyChanges, type TVacancyBefore } from "./vacancy-changes";

const relId = (record: TResourceFormProps["record"], name: string): string | undefined => {
  const data = record?.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
};

/**
 * The vacancy's form (new and edit): Save first lists what will change, the vacancy's own
 * fields and what moves with them (the scheduler's plan, the Telegram channel, the public
 * page), and sends only on "Confirm and save" (docs/vacancies.md "Screens").
 */
export const VacancyForm = (props: TResourceFormProps) => {
  const { can } = useSession();
  const planId = props.mode === "update" ? relId(props.record, "time_plan") : undefined;
  // The plan as the scheduler holds it (its offer, status and start); the vacancy's own values stand in while it loads.
  const plan = useResourceRecord(timePlans, can(timePlans.permission, "read") ? planId : undefined, []);
  const attrs = plan.data?.record.attributes;
  const before: TVacancyBefore = {
    id: props.record?.id,
    attributes: props.record?.attributes ?? {},
    hasPlan: planId !== undefined,
    plan: attrs
      ? {
          status: typeof attrs.status === "string" ? attrs.status : "",
          start: typeof attrs.start === "string" ? attrs.start : null,
          offer: typeof attrs.offer === "number" ? attrs.offer : null,
          description: typeof attrs.vacancy_description === "string" ? attrs.vacancy_description : null,
          toPublish: attrs.to_publish === true,
        }
      : undefined,
  };
  const names: Record<string, string> = {};
  for (const [name, type] of [
    ["rank", "ranks"],
    ["vessel", "vessels"],
  ] as const) {
    const id = relId(props.record, name);
    const title = id ? props.included?.get(`${type}:${id}`)?.attributes : undefined;
    const text = title?.title ?? title?.name;
    if (typeof text === "string") names[name] = text;
  }
  const queryClient = useQueryClient();
  // The picked rank's or vessel's name: the picker's option lists are in the cache.
  const optionLabel = (type: string, id: string): string | undefined => {
    for (const [, options] of queryClient.getQueriesData<TSelectOption[]>({
      queryKey: ["select_options", type],
    }))
      for (const option of options ?? []) if (option.value === id) return option.label;
    return undefined;
  };
  return (
    <ResourceForm
      {...props}
      review={(payload) =>
        vacancyChanges(props.mode, before, payload, names, (name, id) =>
          optionLabel(name === "rank" ? "ranks" : "vessels", id),
        )
      }
    />
  );
};
