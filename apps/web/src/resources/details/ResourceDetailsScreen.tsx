import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Title } from "@mantine/core";
import { IconArrowLeft, IconHistory, IconListDetails, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMemo, type ReactNode } from "react";
import { Link, Navigate, Outlet, useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { detailsIncludes, useResourceRecord } from "../data/use-resource-queries";
import type { TOneRecord } from "../data/resource-types";
import type { TScreenConfig } from "../screen-config";
import { readLastQuery } from "../list-state/list-storage";
import { DetailsFields, detailsEntries } from "./DetailsFields";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";
import { HistoryList } from "../history/HistoryList";
import { childListsOf, hasHistory } from "./child-lists";
import { RelatedList } from "./RelatedList";
import { useScreenOverrides } from "../screen-registry";

/** A tab of a screen's own beside the generic ones (a vessel's manning scale, its photo). */
export interface TDetailsTab {
  /** The tab's path segment (`/vessels/5/photo`). */
  value: string;
  label: string;
  icon?: ReactNode;
  render: (one: TOneRecord) => ReactNode;
}

export interface TResourceDetailsScreenProps {
  config: TScreenConfig;
  /** Next to the title (a status badge). */
  badges?: (one: TOneRecord) => ReactNode;
  /** Under the fields of the details tab. */
  children?: (one: TOneRecord) => ReactNode;
  /** Next to the Edit and Delete buttons (a registry refresh). */
  actions?: (one: TOneRecord) => ReactNode;
  /** Tabs of the screen's own, after Details; a tab named like a child list replaces that list. */
  tabs?: readonly TDetailsTab[];
  /** Child-list tabs the screen shows elsewhere (an owner's vessels on its details tab). */
  hiddenTabs?: readonly string[];
  /** Relationships to include instead of every one the fields could name. */
  include?: readonly string[];
  /** Fields the screen shows its own way (a vessel's owner picker) instead of in the generic grid. */
  hiddenFields?: readonly string[];
  /** Replaces the generic fields of the details tab (an applicant's grouped record). */
  fields?: (one: TOneRecord) => ReactNode;
}

/**
 * {base}/:id/:tab: a record's fields (tab `details`), a tab per resource listed under it
 * (its children, as compact lists) and its History, with edit and delete for those allowed.
 */
export const ResourceDetailsScreen = ({
  config,
  badges,
  children,
  actions,
  tabs = [],
  hiddenTabs = [],
  include: chosenInclude,
  hiddenFields = [],
  fields: ownFields,
}: TResourceDetailsScreenProps) => {
  const { def, base } = config;
  const { id = "", tab = "details" } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const overrides = useScreenOverrides();
  const include = useMemo(() => chosenInclude ?? detailsIncludes(def, can), [def, can, chosenInclude]);
  const one = useResourceRecord(def, id, include);
  useRedirectOnError(one.error);
  const childLists = useMemo(
    () =>
      childListsOf(def, can).filter(
        (c) => !hiddenTabs.includes(c.tab) && !tabs.some((t) => t.value === c.tab),
      ),
    [def, can, hiddenTabs, tabs],
  );
  const history = hasHistory(def);
  // Back to the list as it was left, not to its first page.
  const last = readLastQuery(config.list);
  const listHref = last ? `${base}?${last}` : base;
  const title = one.data ? recordTitle(one.data.record, def.titleAttribute) : undefined;
  const child = childLists.find((c) => c.tab === tab);
  // A child type may list itself its own way (its screen override's `Related`).
  const Related = (child && overrides[child.def.type]?.Related) ?? RelatedList;
  const own = tabs.find((t) => t.value === tab);
  const known = tab === "details" || (tab === "history" && history) || Boolean(child) || Boolean(own);
  // Spec 2.2: any unknown path shows not-found (a tab of another resource, an edit one may not open).
  if (!known) return <Navigate to="/page-not-found" replace />;
  const tabbed = childLists.length > 0 || history || tabs.length > 0;

  const fields =
    ownFields && one.data ? (
      ownFields(one.data)
    ) : (
      <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
        {one.data ? (
          <DetailsFields
            entries={detailsEntries(def, one.data.record, one.data.included).filter(
              ([name]) => !hiddenFields.includes(name),
            )}
          />
        ) : (
          <Stack gap="md">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={32} width={`${60 - i * 10}%`} radius="sm" />
            ))}
          </Stack>
        )}
      </Paper>
    );

  return (
    <Stack gap="md">
      <Anchor component={Link} to={listHref} size="sm" c="dimmed" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {def.label.many}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" miw={0}>
          {title === undefined ? (
            <Skeleton height={28} width={240} radius="sm" />
          ) : (
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: "anywhere" }}>
              {title}
            </Title>
          )}
          {one.data ? badges?.(one.data) : null}
        </Group>
        {/* Edit before Delete on every screen, as in the rows' actions (issue 22.18); a screen's own actions between. */}
        <Group gap="xs">
          {can(def.permission, "update") ? (
            <Button
              component={Link}
              to={`${base}/${id}/${tab}/edit`}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
          ) : null}
          {one.data ? actions?.(one.data) : null}
          {can(def.permission, "delete") ? (
            <Button
              component={Link}
              to={`${base}/${id}/${tab}/delete`}
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      {tabbed ? (
        <Tabs
          value={tab}
          onChange={(next) => next && void navigate(`${base}/${id}/${next}`)}
          keepMounted={false}
        >
          <Tabs.List mb="md" style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
            <Tabs.Tab value="details" leftSection={<IconListDetails size={16} />}>
              Details
            </Tabs.Tab>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
            {childLists.map((c) => (
              <Tabs.Tab key={c.tab} value={c.tab}>
                {c.def.label.many}
              </Tabs.Tab>
            ))}
            {history ? (
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                History
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
        </Tabs>
      ) : null}
      {tab === "details" ? (
        <>
          {fields}
          {one.data ? children?.(one.data) : null}
        </>
      ) : null}
      {own && one.data ? own.render(one.data) : null}
      {child ? (
        <Related
          key={`${child.tab}:${id}`}
          child={child}
          parentId={id}
          tabPath={`${base}/${id}/${child.tab}`}
        />
      ) : null}
      {tab === "history" && history ? <HistoryList key={id} def={def} id={id} /> : null}
      {/* {base}/:id/:tab/edit opens over the tab; a child list's tab has its own outlet. */}
      {child ? null : <Outlet />}
    </Stack>
  );
};
