import { applicants } from "@crew/contracts";
import { ActionIcon, Box, Button, Group } from "@mantine/core";
import { IconBrandTelegram, IconListCheck, IconPlus, IconX } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { queryKeys } from "../../api";
import { readableWith, useResourceList } from "../../resources/data/use-resource-queries";
import { useListState } from "../../resources/list-state/use-list-state";
import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import { SortMenu } from "../../resources/list/SortMenu";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { BroadcastDialog, broadcastResult, type TBroadcastTask } from "./BroadcastDialog";
import { RefreshAllButton } from "../external/RefreshAllButton";
import { ExportButton } from "./ExportButton";
import { SearchHelp } from "./SearchHelp";
import { TagBatchBar } from "./TagBatchBar";
import { SeafarerLegend } from "./SeafarerLegend";
import { TaskNotice } from "./TaskNotice";
import { useBackgroundTask } from "./use-background-task";
import { applicantColumns } from "./applicant-columns";
import { SORT_MENU_COLUMNS } from "./applicant-sorts";
import { ApplicantsFilterPanel } from "./ApplicantsFilterPanel";

interface TTask {
  id: string;
  label: string;
  download: boolean;
}

/** A broadcast's outcome in its notice: "12 sent, 1 failed". */
const broadcastSummary = ({ result }: { result: unknown }) => {
  const { sent, failed } = broadcastResult(result);
  return failed ? `${sent} sent, ${failed} failed` : `${sent} sent`;
};

/** The includes the main list reading asks for (spec 001 §7), as far as the role may read them. */
const LIST_INCLUDES = ["role", "last_expirience", "external_applications"] as const;

/**
 * /users: the applicant list recruiters live in (spec 001 §2). The generic list with the
 * applicant's columns, the star per row, the filter panel of every spec filter, search with
 * its help, the sort menu, multi-select mode for tagging, and the export with progress.
 */
export const ApplicantsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const list = useListState({ list: config.list, defaultSort: applicants.defaultSort });
  const include = useMemo(() => {
    const readable = readableWith(can);
    return LIST_INCLUDES.filter((name) => readable(applicants.relationships[name].type));
  }, [can]);
  // The same query the list runs (react-query shares it): the total for "All matching".
  const result = useResourceList(applicants, list.query, include);
  const [selecting, setSelecting] = useState(false);
  const [tasks, setTasks] = useState<TTask[]>([]);
  const mayTagBatch = can("tagsBatch", "update");
  const maySortMenu = can("sortingMenu", "enable");
  const mayBroadcast = can("tgChat", "create") && can("users", "read");
  // "Message a tag": the dialog, and the broadcast it follows (its notice while it is closed).
  const [broadcasting, setBroadcasting] = useState(false);
  const [broadcast, setBroadcast] = useState<TBroadcastTask | null>(null);
  const [noticeOf, setNoticeOf] = useState<string | null>(null);
  const broadcastStatus = useBackgroundTask(broadcast?.id ?? null).data?.attributes.status;
  const closeBroadcast = () => {
    setBroadcasting(false);
    // Closed while it runs: a notice follows it to the end (the dialog shows it again).
    if (broadcast && broadcastStatus !== "done" && broadcastStatus !== "failed") setNoticeOf(broadcast.id);
  };
  const noticeDone = useCallback(() => setNoticeOf(null), []);
  const mayRefreshAll = can("externalUpdate", "create");
  const columns = useCallback(() => applicantColumns(config.base), [config.base]);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.all("users") }),
    [queryClient],
  );
  const follow = (task: TTask) => setTasks((all) => [...all, task]);
  const finished = useCallback(
    (id: string) => () => {
      setTasks((all) => all.filter((t) => t.id !== id));
      void reload();
    },
    [reload],
  );

  const selectLabel = selecting ? "Done" : "Select";
  const selectIcon = selecting ? <IconX size={16} /> : <IconListCheck size={16} />;
  const toolbarExtra = (): ReactNode => (
    <Group gap="xs" wrap="nowrap">
      <Box visibleFrom="xs">
        <SearchHelp />
      </Box>
      <SeafarerLegend />
      {maySortMenu ? (
        <Box visibleFrom="xs">
          <SortMenu columns={SORT_MENU_COLUMNS} sort={list.query.sort} onSort={list.toggleSort} />
        </Box>
      ) : null}
      {mayTagBatch ? (
        <>
          <Button
            visibleFrom="xs"
            variant={selecting ? "light" : "default"}
            leftSection={selectIcon}
            onClick={() => setSelecting((s) => !s)}
            aria-pressed={selecting}
          >
            {selectLabel}
          </Button>
          <ActionIcon
            hiddenFrom="xs"
            size="input-sm"
            variant={selecting ? "light" : "default"}
            onClick={() => setSelecting((s) => !s)}
            aria-pressed={selecting}
            aria-label={selectLabel}
          >
            {selectIcon}
          </ActionIcon>
        </>
      ) : null}
    </Group>
  );

  return (
    <>
      <ResourceListScreen
        config={config}
        controller={list}
        include={include}
        columns={columns}
        toolbarExtra={toolbarExtra}
        filterPanel={(ctl) => <ApplicantsFilterPanel list={ctl} />}
        selectable={selecting}
        selectionBar={
          selecting
            ? (selection) => (
                <TagBatchBar
                  selection={selection}
                  query={list.query}
                  total={result.data?.total ?? 0}
                  onQueued={(id, label) => {
                    setSelecting(false);
                    void reload();
                    follow({ id, label, download: false });
                  }}
                />
              )
            : undefined
        }
        headerActions={(create) => (
          <>
            {mayBroadcast ? (
              <>
                <Button
                  visibleFrom="xs"
                  variant="default"
                  leftSection={<IconBrandTelegram size={16} />}
                  onClick={() => setBroadcasting(true)}
                >
                  Message a tag
                </Button>
                <ActionIcon
                  hiddenFrom="xs"
                  variant="default"
                  size="input-sm"
                  onClick={() => setBroadcasting(true)}
                  aria-label="Message a tag"
                >
                  <IconBrandTelegram size={18} />
                </ActionIcon>
              </>
            ) : null}
            <ExportButton
              query={list.query}
              onQueued={(id) => follow({ id, label: "Exporting seafarers", download: true })}
            />
            {mayRefreshAll ? (
              <Box visibleFrom="xs">
                <RefreshAllButton onFinished={() => void reload()} />
              </Box>
            ) : null}
            {create ? (
              <>
                <Box visibleFrom="xs">{create}</Box>
                <ActionIcon
                  hiddenFrom="xs"
                  component={Link}
                  to={`${config.base}/new${list.search}`}
                  size="input-sm"
                  aria-label="New seafarer"
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </>
            ) : null}
          </>
        )}
      />
      {broadcasting ? (
        <BroadcastDialog
          key={broadcast?.id ?? "new"}
          task={broadcast}
          onTask={setBroadcast}
          onClose={closeBroadcast}
        />
      ) : broadcast && noticeOf === broadcast.id ? (
        <TaskNotice
          taskId={broadcast.id}
          label={`Message to "${broadcast.tag}"`}
          summary={broadcastSummary}
          onDone={noticeDone}
        />
      ) : null}
      {tasks.map((t) => (
        <TaskNotice key={t.id} taskId={t.id} label={t.label} download={t.download} onDone={finished(t.id)} />
      ))}
    </>
  );
};
