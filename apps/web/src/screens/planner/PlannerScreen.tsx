import { crewChanges, crewLists, manningScales, timePlans } from "@crew/contracts";
import { Alert, Badge, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useElementSize, useViewportSize } from "@mantine/hooks";
import { IconInfoCircle, IconPrinter, IconUser } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Navigate, useLocation, useMatch, useNavigate } from "react-router-dom";
import { queryKeys, runAction, saveFile, update } from "../../api";
import { notifyError, notifySuccess } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useCurrentUser, useSession } from "../../session/use-session";
import { useRedirectOnError } from "../../resources/data/use-redirect-on-error";
import { useCrewChange, useCrewListToggle } from "../crew-changes/use-crew-change";
import { CrewListPicker } from "./CrewListPicker";
import { CrewRotationDialog } from "./CrewRotationDialog";
import { isFirstLoad } from "./first-load";
import { moveErrorNotice } from "./move-error";
import { PlannerLegend } from "./PlannerLegend";
import { PlannerFilters } from "./PlannerFilters";
import { PLANNER_MESSAGES } from "./planner-messages";
import {
  SAVED_QUERY_KEY,
  defaultFilter,
  initialQuery,
  isComplete,
  toSearch,
  type TPlannerQuery,
} from "./planner-query";
import { plannerRows } from "./row-window";
import { Scheduler } from "./Scheduler";
import type { TSeafarer } from "./SeafarerSearch";
import { TimeplanEditor, type TNewPlan } from "./TimeplanEditor";
import { useLiveChanges } from "../../api/use-live-changes";
import { PLANNER_ROWS_KEY } from "./planner-rows";
import {
  PLANS_KEY,
  blocksOf,
  plannerChoices,
  rowIdOf,
  usePlannerRows,
  usePlans,
  vesselsOfOwners,
} from "./use-planner-data";
import { ApplicantSection } from "./ApplicantSection";

const DAY = 86_400_000;
/** Plans are loaded this far beyond the window on each side, so a small scroll needs no request. */
const MARGIN_DAYS = 45;
/** Spec 002 §9: the planner is the window's height minus 110. */
const PLANNER_OFFSET = 110;
/** A month's cell is `cell` pixels wide (spec 002 §9 default 140). */
const DAYS_PER_CELL = 30.4;
const iso = (d: Date) => d.toISOString().slice(0, 10);
/** Days the timeline shows at first: a month per `cell` pixels of the width left of the row labels. */
const windowDays = (width: number, cell: number): number =>
  Math.max(60, Math.round((((width || 1200) - (width <= 600 ? 130 : 280)) / cell) * DAYS_PER_CELL));

interface TNavState {
  draft?: TNewPlan;
  planIds?: string[];
}
const navStateOf = (state: unknown): TNavState => (typeof state === "object" && state !== null ? state : {});

/**
 * The planner at `/` (spec 002 §2, §4): manning-scale rows of the chosen vessels and ranks over
 * time, plans as items. The filter lives in the address; every user's edits appear on every open
 * planner through the live stream. Its dialogs (a plan's editor, a new crew change, a crew
 * list being picked) are routes over it.
 */
export const PlannerScreen = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const me = useCurrentUser();
  const partnerView = me.role === "partner_view";
  const { height: windowHeight, width: windowWidth } = useViewportSize();
  const toolbar = useElementSize();
  const [query, setQuery] = useState<TPlannerQuery>(() =>
    initialQuery(location.search, localStorage.getItem(SAVED_QUERY_KEY), new Date()),
  );
  const [blocks, setBlocks] = useState("");
  // The first window's range as the timeline will report it, so the first plans are asked for once.
  const [range, setRange] = useState<{ from: string; to: string }>(() => {
    const first = Date.parse(`${query.day}T00:00:00Z`);
    return {
      from: iso(new Date(first - MARGIN_DAYS * DAY)),
      to: iso(new Date(first + (windowDays(window.innerWidth, query.cell) + MARGIN_DAYS) * DAY)),
    };
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [userSectionOpen, setUserSectionOpen] = useState(query.open);
  const [newSeafarer, setNewSeafarer] = useState<TSeafarer | null>(null);
  const editMatch = useMatch("/timeplans/:id/edit");
  const newMatch = useMatch("/timeplans/new");
  const newOnRowMatch = useMatch("/timeplans/:rowId/new");
  const rotationMatch = useMatch("/timeplans/crew-rotation/crew-change/new");
  const rotationFromPlan = useMatch("/timeplans/crew-rotation/crew-change/:planId/new");
  const crewListMatch = useMatch("/timeplans/crew-rotation/crew-change/:id/edit");
  const navState = navStateOf(location.state);
  const firstLoad = isFirstLoad(location.key);

  // The address carries the filter; the user section, cell width and start date change only the state (spec 002 §2).
  const onPlanner = location.pathname === "/";
  const change = useCallback(
    (next: Partial<TPlannerQuery>) => {
      setQuery((q) => {
        const merged = { ...q, ...next };
        localStorage.setItem(SAVED_QUERY_KEY, toSearch(merged));
        const filterChanged = ["roleIds", "vesselIds", "ownerIds", "additionalFilter"].some((k) => k in next);
        if (filterChanged && onPlanner)
          void navigate({ pathname: "/", search: toSearch(merged) }, { replace: true });
        return merged;
      });
    },
    [onPlanner, navigate],
  );

  const allRows = usePlannerRows();
  // Nothing chosen in the address or a saved query: the defaults, once the rows are known.
  const [defaulted, setDefaulted] = useState(() => query.vesselIds.length > 0 || query.roleIds.length > 0);
  useEffect(() => {
    if (defaulted || !allRows.data) return;
    setDefaulted(true);
    setQuery((q) => ({ ...q, ...defaultFilter(allRows.data, me.id) }));
  }, [defaulted, allRows.data, me.id]);
  // Choosing owners selects their vessels (not the overlap with what was chosen before).
  const onFilter = useCallback(
    (next: Partial<TPlannerQuery>) => {
      const owners = next.ownerIds;
      change(
        owners && owners !== "all" && allRows.data
          ? { ...next, vesselIds: vesselsOfOwners(allRows.data, owners) }
          : next,
      );
    },
    [change, allRows.data],
  );
  const { ownerOptions, vesselOptions, rankOptions } = useMemo(
    () => plannerChoices(allRows.data ?? [], query.ownerIds),
    [allRows.data, query.ownerIds],
  );
  const crewListId = crewListMatch?.params.id;
  const crewChange = useCrewChange(crewListId);
  // A crew change that does not exist leads to not-found instead of an empty planner.
  useRedirectOnError(crewChange.error);
  const cc = crewChange.data?.crewChange;
  const vesselLink = cc?.relationships?.vessel?.data;
  const crewChangeVessel = vesselLink && !Array.isArray(vesselLink) ? vesselLink.id : "";
  const rows = useMemo(() => {
    const list = allRows.data ?? [];
    // Picking a crew list shows the crew change's vessel, every rank.
    if (cc)
      return plannerRows(
        list,
        { vesselIds: [Number(crewChangeVessel)], roleIds: list.map((r) => r.rankId), additionalFilter: "" },
        me.id,
      );
    const vessels = query.vesselIds.filter((id) => vesselOptions.some((o) => o.value === String(id)));
    return plannerRows(list, { ...query, vesselIds: vessels }, me.id);
  }, [allRows.data, query, vesselOptions, me.id, cc, crewChangeVessel]);

  // Rows on screen settle for a moment before their plans are asked for (a fast scroll asks once);
  // the screen re-renders only when the scroll reaches another block of rows.
  const rowsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onVisibleRows = useCallback((ids: number[]) => {
    clearTimeout(rowsTimer.current);
    rowsTimer.current = setTimeout(() => setBlocks(blocksOf(rowsRef.current, ids)), 80);
  }, []);
  // The first screen's block is asked for as soon as the rows are known, before the timeline is drawn.
  useEffect(() => {
    if (rows.length) setBlocks((b) => b || "0,1");
  }, [rows]);
  const plans = usePlans(rows, blocks, range.from, range.to, partnerView);
  const plansById = useMemo(() => new Map(plans.data.map((p) => [p.id, p])), [plans.data]);

  // Others' edits: reload the plans on screen a moment after the change (several changes, one reload).
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only types the user may read: the stream refuses the whole request otherwise (docs/live.md).
  const liveTypes = [
    timePlans.type,
    ...(can(manningScales.permission, "read") ? [manningScales.type] : []),
    ...(can(crewChanges.permission, "read") ? [crewLists.type, crewChanges.type] : []),
  ];
  useLiveChanges(liveTypes, (changed) => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      if (changed.type === manningScales.type)
        void queryClient.invalidateQueries({ queryKey: PLANNER_ROWS_KEY });
      if (changed.type !== timePlans.type)
        void queryClient.invalidateQueries({ queryKey: queryKeys.all(crewChanges) });
    }, 100);
  });
  useEffect(
    () => () => {
      clearTimeout(pending.current);
      clearTimeout(rowsTimer.current);
    },
    [],
  );

  // The window on screen, which Print prints (issue 22: not a range of its own).
  const shown = useRef<{ from: string; to: string } | null>(null);
  const onRangeChange = useCallback((from: Date, to: Date) => {
    shown.current = { from: iso(from), to: iso(to) };
    const next = {
      from: iso(new Date(from.getTime() - MARGIN_DAYS * DAY)),
      to: iso(new Date(to.getTime() + MARGIN_DAYS * DAY)),
    };
    setRange((r) => (next.from >= r.from && next.to <= r.to ? r : next));
  }, []);

  const moving = useResourceMutation<{ planId: string; rowId: number; start: Date; end: Date }>({
    mutationFn: ({ planId, rowId, start, end }) => {
      const plan = plansById.get(planId);
      const rowChanged = plan && rowIdOf(plan) !== rowId;
      return update(
        timePlans.type,
        planId,
        { start: iso(start), end: iso(end) },
        rowChanged ? { manning_scale: { type: "manning_scales", id: String(rowId) } } : undefined,
      );
    },
    invalidates: [timePlans],
    notice: PLANNER_MESSAGES.updated,
    // A move sends no status: a refusal shows as a toast with the server's title and message (spec 002 §8).
    refusal: (error) => {
      const notice = moveErrorNotice(error);
      notifyError(notice.message, notice.title);
      return true;
    },
  });
  const onMove = async (planId: string, rowId: number, start: Date, end: Date): Promise<boolean> =>
    (await moving.attempt({ planId, rowId, start, end })).ok;

  const onCreate = (rowId: number, start: Date, end: Date) => {
    const row = rows.find((r) => r.id === rowId);
    const draft: TNewPlan = {
      rowId,
      rowName: row ? `${row.vesselName} · ${row.name}` : "",
      start: iso(start),
      end: iso(end),
      seafarer: newSeafarer,
    };
    void navigate("/timeplans/new", { state: { draft } satisfies TNavState });
  };
  const backHome = () => void navigate({ pathname: "/", search: toSearch(query) });

  const toggleInCrewList = useCrewListToggle(
    crewListId ?? "",
    cc?.attributes.date,
    crewChange.data?.crewList ?? [],
  );
  const onPick = (planId: string) => {
    const plan = plansById.get(planId);
    if (plan) void toggleInCrewList(plan);
  };

  // A print writes nothing: no notice, nothing to reload; the file is saved.
  const printing = useResourceMutation({
    mutationFn: () => {
      // What is on screen: the window's days, the vessels and ranks of the rows shown.
      const window = shown.current ?? {
        from: query.day,
        to: iso(new Date(Date.parse(`${query.day}T00:00:00Z`) + days * DAY)),
      };
      const input = {
        date: window.from,
        to: window.to,
        vessels: [...new Set(rows.map((r) => r.vesselId))].join(","),
        roles: [...new Set(rows.map((r) => r.rankId))].join(","),
      };
      return runAction(timePlans, "print_time_plan", { input });
    },
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
    },
  });
  const printPlan = () => printing.mutate();

  // The two new forms cannot be opened by a direct link: a first load goes to / (spec 002 §2).
  if (firstLoad && (newMatch || rotationMatch)) return <Navigate to="/" replace />;

  const selectedPlans = selected.flatMap((id) => plansById.get(id) ?? []);
  const rotationPlans = rotationFromPlan
    ? [plansById.get(rotationFromPlan.params.planId ?? "")].flatMap((p) => p ?? [])
    : rotationMatch
      ? (navState.planIds ?? []).flatMap((id) => plansById.get(id) ?? [])
      : [];
  const rowOf = (msId: number) => rows.find((r) => r.id === msId);
  const rotationVessel = rotationPlans[0] ? rowOf(rowIdOf(rotationPlans[0])) : undefined;
  const oneVessel =
    selectedPlans.length > 0 && new Set(selectedPlans.map((p) => rowOf(rowIdOf(p))?.vesselId)).size === 1;
  const plannerHeight = Math.max(360, windowHeight - PLANNER_OFFSET);
  const timelineHeight = Math.max(240, plannerHeight - toolbar.height - 16 - (cc ? 220 : 0));
  const days = windowDays(windowWidth || window.innerWidth, query.cell);
  const ccDate = cc?.attributes.date;
  const start = useMemo(
    () => (ccDate ? new Date(Date.parse(ccDate) - 60 * DAY) : new Date(`${query.day}T00:00:00Z`)),
    [ccDate, query.day],
  );
  const marked = useMemo(
    () =>
      new Set(
        (crewChange.data?.crewList ?? [])
          .flatMap((r) => [r.attributes.sign_on_id, r.attributes.sign_off_id])
          .flatMap((id) => (id ? [String(id)] : [])),
      ),
    [crewChange.data],
  );
  const ready = cc ? rows.length > 0 : isComplete(query);
  // Picking a crew list: the crew change, the rows and the first plans load before anything is drawn (no blank panel).
  const picking = Boolean(crewListMatch);
  const pickingLoads = picking && (!cc || allRows.isLoading || (plans.data.length === 0 && plans.isFetching));
  const doneTo = crewListId ? `/crew-changes/${crewListId}/details` : "/";

  return (
    <Stack gap="xs" data-testid="planner">
      <div ref={toolbar.ref}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          {!picking && (
            <PlannerFilters
              query={query}
              owners={ownerOptions}
              vessels={vesselOptions}
              ranks={rankOptions}
              onChange={onFilter}
            />
          )}
          <Group gap="xs">
            {selected.length > 0 && !picking && <Badge variant="light">{selected.length} selected</Badge>}
            {!picking && can(crewChanges.permission, "create") && (
              <Button
                size="xs"
                variant="light"
                disabled={!oneVessel}
                onClick={() =>
                  void navigate("/timeplans/crew-rotation/crew-change/new", {
                    state: { planIds: selected } satisfies TNavState,
                  })
                }
                data-testid="planner-crew-change"
              >
                Crew change
              </Button>
            )}
            {!picking && isComplete(query) && rows.length > 0 && (
              <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={printPlan}>
                Print
              </Button>
            )}
            <PlannerLegend />
            {!picking && (can("timeplans.userProfile", "read") || can("users", "read")) && (
              <Button
                size="xs"
                variant={userSectionOpen ? "filled" : "default"}
                leftSection={<IconUser size={14} />}
                onClick={() => setUserSectionOpen((o) => !o)}
                data-testid="planner-user-section"
              >
                Seafarer
              </Button>
            )}
          </Group>
        </Group>
      </div>
      {cc && crewChange.data && (
        <CrewListPicker
          crewChange={cc}
          rows={crewChange.data.crewList}
          timeplansById={crewChange.data.timeplansById}
          onDone={() => {
            notifySuccess(PLANNER_MESSAGES.crewChangeUpdated);
            // Back to the crew change the list was picked for (issue 22), not the planner.
            void navigate(doneTo);
          }}
        />
      )}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          {pickingLoads ? (
            <Group gap="sm" p="md" data-testid="crew-list-loading">
              <Loader size="sm" />
              <Text c="dimmed">{cc ? "Loading the plans of the vessel…" : "Loading the crew change…"}</Text>
            </Group>
          ) : !ready ? (
            <Alert
              icon={<IconInfoCircle size={18} />}
              color="blue"
              variant="light"
              title="Choose what to plan"
            >
              Pick at least one vessel and one rank: their manning-scale rows appear here over time. Ctrl+drag
              on a row selects a range for a new plan; drag a plan to move it, drag its edges to change its
              dates, double-click to edit it; Ctrl+click picks several plans for a crew change.
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed">
              {allRows.isLoading
                ? "Loading the manning scales…"
                : "No manning-scale rows of these ranks on these vessels."}
            </Text>
          ) : (
            <Scheduler
              key={cc ? `crew-list-${cc.id}` : "plan"}
              rows={rows}
              plans={plans.data}
              start={start}
              days={days}
              height={timelineHeight}
              partnerView={partnerView}
              canCreate={can(timePlans.permission, "create")}
              canUpdate={can(timePlans.permission, "update")}
              mode={cc ? "crew-list" : "plan"}
              marked={marked}
              onVisibleRows={onVisibleRows}
              onRangeChange={onRangeChange}
              onMove={onMove}
              onCreate={onCreate}
              onOpen={(id) => void navigate(`/timeplans/${id}/edit`)}
              onSelect={setSelected}
              onPick={onPick}
            />
          )}
        </div>
        {userSectionOpen && !cc && (
          <ApplicantSection
            plan={selectedPlans.length === 1 ? selectedPlans[0] : undefined}
            seafarer={newSeafarer}
            onSeafarer={setNewSeafarer}
            height={timelineHeight}
          />
        )}
      </Group>
      {((newMatch && navState.draft) || newOnRowMatch) && (
        <TimeplanEditor
          mode="create"
          draft={
            navState.draft ?? {
              rowId: Number(newOnRowMatch?.params.rowId),
              rowName: rowOf(Number(newOnRowMatch?.params.rowId))?.name ?? "",
              start: iso(new Date()),
              end: iso(new Date(Date.now() + 180 * DAY)),
              seafarer: newSeafarer,
            }
          }
          userSectionOpen={userSectionOpen}
          onClose={backHome}
        />
      )}
      {editMatch?.params.id && (
        <TimeplanEditor
          mode="update"
          planId={editMatch.params.id}
          userSectionOpen={userSectionOpen}
          onClose={backHome}
        />
      )}
      {(rotationMatch || rotationFromPlan) && rotationVessel && (
        <CrewRotationDialog
          vesselId={rotationVessel.vesselId}
          vesselName={rotationVessel.vesselName}
          plans={rotationPlans
            .filter((p) => rowOf(rowIdOf(p))?.vesselId === rotationVessel.vesselId)
            .map((p) => ({
              id: Number(p.id),
              ms_id: rowIdOf(p),
              start: p.attributes.start,
              end: p.attributes.end,
              label: p.attributes.user_name ?? "Vacancy",
              row: rowOf(rowIdOf(p))?.name ?? "",
              readiness: p.attributes.readiness_date ?? null,
            }))}
          onClose={backHome}
        />
      )}
    </Stack>
  );
};

export default PlannerScreen;
