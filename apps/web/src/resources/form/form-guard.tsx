import { Alert, Button, Group, Text } from "@mantine/core";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from "react";
import { useLocation } from "react-router-dom";
import { useSession } from "../../session/use-session";
import type { TFormValues } from "./form-model";

/**
 * What a form dialog keeps of its form (issue 22.11): whether the user typed something, and a
 * draft of it in session storage under the dialog's address, so that closing asks before
 * discarding and a save refused because the session ended is not lost: after signing in
 * again the app returns to the same address and the form starts from the draft.
 */
interface TFormGuard {
  key: string;
  userId: number | null;
  setDirty(dirty: boolean): void;
  /** True once the form is saved or discarded: nothing is kept any more. */
  finished: { current: boolean };
}

const FormGuardContext = createContext<TFormGuard | null>(null);
const PREFIX = "form-draft:";

interface TStoredDraft {
  userId: number | null;
  values: TFormValues;
}

const store = (): Storage | null => (typeof sessionStorage === "undefined" ? null : sessionStorage);

/** Values that survive JSON as they are: not files picked in the form (they cannot be kept). */
const isPlain = (v: unknown): boolean => {
  if (v === null || ["string", "number", "boolean"].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(isPlain);
  if (typeof v !== "object") return false;
  if (Object.getPrototypeOf(v) !== Object.prototype) return false;
  return Object.values(v).every(isPlain);
};

const readDraft = (key: string, userId: number | null): TFormValues | undefined => {
  const raw = store()?.getItem(PREFIX + key);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as TStoredDraft;
    // Another account signed in in this tab: the draft is not theirs.
    if (draft.userId !== userId) return undefined;
    return draft.values;
  } catch {
    return undefined;
  }
};

const writeDraft = (key: string, userId: number | null, values: TFormValues): void => {
  const plain = Object.fromEntries(Object.entries(values).filter(([, v]) => isPlain(v)));
  try {
    store()?.setItem(PREFIX + key, JSON.stringify({ userId, values: plain } satisfies TStoredDraft));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
};

const removeDraft = (key: string): void => store()?.removeItem(PREFIX + key);

const same = (a: unknown, b: unknown): boolean => {
  const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length);
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b) && isPlain(a) === isPlain(b);
};

/** True when the user changed some value of the form. */
export const isDirty = (values: TFormValues, initial: TFormValues): boolean =>
  Object.keys({ ...values, ...initial }).some((k) => !same(values[k], initial[k]));

/**
 * The dialog's side: whether its form holds typed changes, a close that asks first when it
 * does, and `finish` for a save (the draft goes). Render `provider` around the form, and
 * while `asking`, `confirm` in its place (the form stays mounted, hidden, with what was typed)
 * under the title "Discard your changes?"; Esc then means Keep editing. A dialog with a form
 * of its own (the planner's plan editor and crew change) tells `changed` itself and keeps no
 * draft.
 */
export const useFormGuard = (onClose: () => void, changed?: boolean) => {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const finished = useRef(false);
  const key = useRef(pathname).current;
  const guard = useMemo<TFormGuard>(
    () => ({ key, userId: user?.id ?? null, setDirty, finished }),
    [key, user?.id],
  );
  const finish = useCallback(() => {
    finished.current = true;
    removeDraft(key);
  }, [key]);
  const typed = changed ?? dirty;
  const requestClose = useCallback(() => {
    if (typed && !finished.current) setAsking(true);
    else {
      finish();
      onClose();
    }
  }, [typed, finish, onClose]);
  const provider = (children: ReactNode) => (
    <FormGuardContext.Provider value={guard}>{children}</FormGuardContext.Provider>
  );
  const keepEditing = useCallback(() => setAsking(false), []);
  /** Shown in the dialog in place of the form (kept, hidden) while the question is open. */
  const confirm = asking ? (
    <div>
      <Text size="sm">What you typed in this form has not been saved and will be lost.</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={keepEditing} data-autofocus autoFocus>
          Keep editing
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            finish();
            onClose();
          }}
        >
          Discard
        </Button>
      </Group>
    </div>
  ) : null;
  return { requestClose, finish, provider, confirm, asking, keepEditing };
};

/**
 * The form's side: its values, starting from the draft kept under the dialog's address when
 * there is one (`restored`), reported to the dialog as changed or not and kept as a draft
 * while they differ from `initial`. Outside a guarded dialog it is a plain state.
 */
export const useDraftValues = (
  initial: TFormValues,
): { values: TFormValues; setValues: Dispatch<SetStateAction<TFormValues>>; restored: boolean } => {
  const guard = useContext(FormGuardContext);
  const [draft] = useState(() => (guard ? readDraft(guard.key, guard.userId) : undefined));
  const [values, setValues] = useState<TFormValues>(() => (draft ? { ...initial, ...draft } : initial));
  const dirty = isDirty(values, initial);
  useEffect(() => {
    if (!guard || guard.finished.current) return;
    guard.setDirty(dirty);
    if (dirty) writeDraft(guard.key, guard.userId, values);
    else removeDraft(guard.key);
  }, [guard, dirty, values]);
  return { values, setValues, restored: Boolean(draft) };
};

/** Says that the form starts from what the user typed before (a draft kept across signing in). */
export const RestoredDraft = () => (
  <Alert color="blue" variant="light" title="Your unsaved changes are back">
    The form holds what you typed before; Save keeps it, Cancel discards it.
  </Alert>
);
