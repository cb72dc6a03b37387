import { useEffect, useRef } from "react";
import { DataSet } from "vis-data/peer";
import {
  Timeline,
  type DateType,
  type IdType,
  type TimelineItem,
  type TimelineOptions,
} from "vis-timeline/peer";
import "vis-timeline/styles/vis-timeline-graph2d.css";
import { planClasses, planLabel } from "./event-label";
import { rowWindow, type TPlannerRow } from "./row-window";
import { rowIdOf, type TPlanRecord } from "./use-planner-data";
import { ZPlanWarnings } from "./warnings";
import "./planner.css";

/** Fixed row height (px): vis-timeline then never measures rows (groupHeightMode "fixed"). */
export const ROW_HEIGHT = 30;
/** The time axis above the rows. */
const AXIS_HEIGHT = 42;
const DAY = 86_400_000;

export interface TSchedulerProps {
  rows: readonly TPlannerRow[];
  plans: readonly TPlanRecord[];
  /** First day and the number of days the window shows at first. */
  start: Date;
  days: number;
  height: number;
  partnerView: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  /** "crew-list": a click on a plan picks it for the crew change being edited (no moves). */
  mode: "plan" | "crew-list";
  /** Plans marked (in the crew list being edited). */
  marked: ReadonlySet<string>;
  onVisibleRows: (ids: number[]) => void;
  onRangeChange: (from: Date, to: Date) => void;
  /** A plan dragged or resized: resolves true when the server took it (else it snaps back). */
  onMove: (planId: string, rowId: number, start: Date, end: Date) => Promise<boolean>;
  onCreate: (rowId: number, start: Date, end: Date) => void;
  onOpen: (planId: string) => void;
  /** Plans selected (click, Ctrl+click for several): a crew change is made from them. */
  onSelect: (planIds: string[]) => void;
  onPick: (planId: string) => void;
}

interface TGroup {
  id: number;
  content: HTMLElement;
  order: number;
  className: string;
}
interface TItem extends TimelineItem {
  id: string;
  group: number;
  start: Date;
  end: Date;
  content: string;
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A date of the planner, cut at 'T' (spec 002 §9), as UTC midnight. */
const day = (iso: string): Date => new Date(`${iso.split("T")[0] ?? ""}T00:00:00Z`);
const toDate = (value: DateType | undefined): Date => (value instanceof Date ? value : new Date(value ?? 0));

/**
 * A row's label: the vessel's name (bold on its first row, faint on the others, so a row seen
 * alone still names its ship) and the row's name. It depends on nothing but the row, so rows
 * staying on screen while others scroll in are never redrawn.
 */
const groupLabel = (row: TPlannerRow, first: boolean): HTMLElement => {
  const el = document.createElement("div");
  el.className = "planner-row-label";
  const vessel = document.createElement("span");
  vessel.className = first ? "planner-row-vessel" : "planner-row-vessel planner-row-vessel--again";
  vessel.textContent = row.vesselName;
  const rank = document.createElement("span");
  rank.className = "planner-row-rank";
  rank.textContent = row.name;
  el.append(vessel, rank);
  el.title = `${row.vesselName} · ${row.name}`;
  return el;
};

/** What makes an item look different: an unchanged plan is not handed to vis-timeline again. */
const signature = (item: TItem): string =>
  `${item.group}|${item.start.getTime()}|${item.end.getTime()}|${item.className ?? ""}|${item.content}`;

/** A plan as an item: its label (spec 002 §4) as escaped text, its classes by status, id and crew changes. */
const toItem = (plan: TPlanRecord, partnerView: boolean, marked: boolean): TItem => {
  const a = plan.attributes;
  const label = planLabel(
    {
      status: a.status,
      user_name: a.user_name ?? null,
      to_publish: a.to_publish,
      offer: a.offer,
      telegram_bot: a.telegram_bot === true,
      repair_team: a.repair_team === true,
      problem_newcomer: a.problem_newcomer === true,
      port_name: a.port_name ?? null,
      start: a.start,
      readiness_date: a.readiness_date ?? null,
      last_comment_body: a.last_comment_body ?? null,
    },
    partnerView,
  );
  const classes = planClasses({
    id: plan.id,
    status: a.status,
    crew_change_sign_on_id: a.crew_change_sign_on_id ?? null,
    crew_change_sign_off_id: a.crew_change_sign_off_id ?? null,
  });
  // The planning checks' warnings show on the plan: a mark after the label, the details in its tooltip.
  const warnings = ZPlanWarnings.safeParse(a.warnings).data ?? [];
  const tooltip = [label, ...warnings.map((w) => `⚠ ${w.title}: ${w.detail}`)].join("\n");
  return {
    id: plan.id,
    group: rowIdOf(plan),
    start: day(a.start),
    end: day(a.end),
    content: escape(warnings.length ? `${label} ⚠` : label),
    title: escape(tooltip),
    className: [classes, marked ? "plan--picked" : "", warnings.length ? "plan--warning" : ""]
      .filter(Boolean)
      .join(" "),
  };
};

/**
 * The planner's timeline (vis-timeline): rows are manning-scale rows, items are plans. Only the
 * rows on screen (and a few below) are given to vis-timeline; a rail beside it scrolls through
 * all rows, and the wheel over the timeline scrolls it (Ctrl+wheel zooms). Drag moves and
 * resizes a plan, Ctrl+drag on a row selects a range for a new plan, a double click opens one.
 */
export const Scheduler = (props: TSchedulerProps) => {
  const host = useRef<HTMLDivElement>(null);
  const rail = useRef<HTMLDivElement>(null);
  const timeline = useRef<Timeline | null>(null);
  const groups = useRef(new DataSet<TGroup>());
  const items = useRef(new DataSet<TItem>());
  const latest = useRef(props);
  latest.current = props;
  const shown = useRef<{ first: number; last: number }>({ first: -1, last: -1 });

  /** Items wanted, by row (rebuilt when the plans change), and what vis-timeline holds (by signature). */
  const byRow = useRef(new Map<number, TItem[]>());
  const held = useRef(new Map<string, string>());

  /**
   * Brings vis-timeline's items in line with the plans of the rows it shows: only what changed
   * is handed over, in one update (vis-timeline draws and measures new items a row at a time;
   * splitting the update made it measure items again, docs/planner.md).
   */
  const syncItems = () => {
    const wanted = new Map<string, TItem>();
    for (const group of groups.current.getIds())
      for (const item of byRow.current.get(Number(group)) ?? []) wanted.set(item.id, item);
    const gone = [...held.current.keys()].filter((id) => !wanted.has(id));
    for (const id of gone) held.current.delete(id);
    if (gone.length) items.current.remove(gone);
    const changed = [...wanted.values()].filter((item) => held.current.get(item.id) !== signature(item));
    for (const item of changed) held.current.set(item.id, signature(item));
    if (changed.length) items.current.update(changed);
  };

  /** Puts the rows of the rail's position into vis-timeline; only rows entering or leaving change. */
  const showRows = () => {
    const { rows } = latest.current;
    const top = rail.current?.scrollTop ?? 0;
    const view = rowWindow(top, ROW_HEIGHT, latest.current.height - AXIS_HEIGHT, rows.length);
    if (view.first === shown.current.first && view.last === shown.current.last && groups.current.length)
      return;
    shown.current = view;
    const wanted = rows.slice(view.first, view.last + 1);
    const keep = new Set(wanted.map((r) => r.id));
    const leaving = groups.current.getIds().filter((id) => !keep.has(Number(id)));
    if (leaving.length) groups.current.remove(leaving);
    const have = new Set(groups.current.getIds().map(Number));
    const entering = wanted.flatMap((row, i) => {
      if (have.has(row.id)) return [];
      const index = view.first + i;
      const first = index === 0 || rows[index - 1]?.vesselId !== row.vesselId;
      return [
        {
          id: row.id,
          content: groupLabel(row, first),
          order: index,
          className: first ? "planner-row planner-row--first" : "planner-row",
        },
      ];
    });
    if (entering.length) groups.current.add(entering);
    syncItems();
    latest.current.onVisibleRows(wanted.map((r) => r.id));
  };

  useEffect(() => {
    if (!host.current) return;
    const { start, days, canCreate, canUpdate, mode } = latest.current;
    const editable = mode === "plan" && canUpdate;
    const options: TimelineOptions = {
      stack: false,
      groupHeightMode: "fixed",
      height: latest.current.height,
      orientation: "top",
      groupOrder: "order",
      zoomKey: "ctrlKey",
      verticalScroll: false,
      start,
      end: new Date(start.getTime() + days * DAY),
      zoomMin: 14 * DAY,
      zoomMax: 5 * 365 * DAY,
      margin: { item: { horizontal: 0, vertical: 2 }, axis: 2 },
      editable: {
        add: mode === "plan" && canCreate,
        updateTime: editable,
        updateGroup: editable,
        remove: false,
        overrideItems: false,
      },
      selectable: true,
      multiselect: true,
      // A plan is dragged or resized at once, without selecting it first.
      itemsAlwaysDraggable: { item: true, range: true },
      showTooltips: true,
      snap: (date) => new Date(Math.round(toDate(date).getTime() / DAY) * DAY),
      onMove: (item, callback) => {
        void latest.current
          .onMove(String(item.id), Number(item.group), toDate(item.start), toDate(item.end))
          .then((ok) => callback(ok ? item : null));
      },
      onAdd: (item, callback) => {
        callback(null);
        const from = toDate(item.start);
        const to = item.end === undefined ? new Date(from.getTime() + 180 * DAY) : toDate(item.end);
        latest.current.onCreate(Number(item.group), from, to);
      },
      format: {
        minorLabels: { day: "D", week: "w", month: "MMM" },
        majorLabels: { day: "MMMM YYYY", week: "MMMM YYYY", month: "YYYY" },
      },
    };
    const instance = new Timeline(host.current, items.current, groups.current, options);
    timeline.current = instance;
    instance.on("doubleClick", (event: { item: IdType | null }) => {
      if (event.item !== null && latest.current.mode === "plan") latest.current.onOpen(String(event.item));
    });
    instance.on("click", (event: { item: IdType | null }) => {
      if (event.item !== null && latest.current.mode === "crew-list")
        latest.current.onPick(String(event.item));
    });
    instance.on("select", (event: { items: IdType[] }) => latest.current.onSelect(event.items.map(String)));
    instance.on("rangechanged", (event: { start: Date; end: Date }) =>
      latest.current.onRangeChange(event.start, event.end),
    );
    const wheel = (e: WheelEvent) => {
      if (e.ctrlKey || !rail.current) return;
      rail.current.scrollTop += e.deltaY;
      e.preventDefault();
    };
    const el = host.current;
    el.addEventListener("wheel", wheel, { passive: false });
    const groupSet = groups.current;
    const itemSet = items.current;
    const heldItems = held.current;
    showRows();
    latest.current.onRangeChange(start, new Date(start.getTime() + days * DAY));
    return () => {
      el.removeEventListener("wheel", wheel);
      instance.destroy();
      timeline.current = null;
      groupSet.clear();
      itemSet.clear();
      heldItems.clear();
      shown.current = { first: -1, last: -1 };
    };
    // The timeline is made once; later props reach it through `latest` and the effects below.
  }, []);

  useEffect(() => {
    // Other rows (another filter): start the window afresh, the order of the rows may have changed.
    shown.current = { first: -1, last: -1 };
    groups.current.clear();
    showRows();
  }, [props.rows]);

  useEffect(() => {
    timeline.current?.setOptions({ height: props.height });
    showRows();
  }, [props.height]);

  useEffect(() => {
    const editable = props.mode === "plan" && props.canUpdate;
    timeline.current?.setOptions({
      editable: {
        add: props.mode === "plan" && props.canCreate,
        updateTime: editable,
        updateGroup: editable,
        remove: false,
        overrideItems: false,
      },
    });
  }, [props.canCreate, props.canUpdate, props.mode]);

  useEffect(() => {
    timeline.current?.setWindow(props.start, new Date(props.start.getTime() + props.days * DAY), {
      animation: false,
    });
  }, [props.start.getTime(), props.days]);

  useEffect(() => {
    const next = new Map<number, TItem[]>();
    for (const plan of props.plans) {
      const item = toItem(plan, props.partnerView, props.marked.has(plan.id));
      next.set(item.group, [...(next.get(item.group) ?? []), item]);
    }
    byRow.current = next;
    syncItems();
  }, [props.plans, props.partnerView, props.marked]);

  return (
    <div className="planner-frame" style={{ height: props.height }}>
      <div
        ref={host}
        className={`planner-timeline planner-timeline--${props.mode}`}
        data-testid="planner-timeline"
      />
      <div
        ref={rail}
        className="planner-rail"
        onScroll={showRows}
        aria-label="Scroll the rows"
        data-testid="planner-rail"
      >
        <div style={{ height: props.rows.length * ROW_HEIGHT + AXIS_HEIGHT }} />
      </div>
    </div>
  );
};
