import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, type ReactNode } from "react";
import type { TResourceRef } from "../../api";
import { useApiErrorHandler, type TErrorAction } from "../../errors";
import { notifySuccess } from "../../notices";
import { invalidateResource } from "./use-resource-queries";

type TOr<T, V, R> = T | ((result: R, variables: V) => T);

export interface TResourceMutationOptions<V, R> {
  /** The write: a data-provider call, an action, or several in a row. */
  mutationFn: (variables: V) => Promise<R>;
  /**
   * Resources the write changes or shows up in, by definition (or a type the contracts know):
   * their lists, records and pickers reload.
   */
  invalidates?: readonly TResourceRef[];
  /**
   * Reload `invalidates` after a failure too: a refused change shows what the server kept, a
   * write of several steps that stopped midway shows the steps that went.
   */
  reloadOnFailure?: boolean;
  /** The spec's success notice; nothing when the screen shows the result itself. */
  notice?: TOr<ReactNode | undefined, V, R>;
  /** After the notice and the reload: close the dialog, go back, clear the picker. */
  onSuccess?: (result: R, variables: V) => unknown;
  /**
   * A screen's own reading of some failures (a registry's refused login, the server's words
   * for an "already assigned"); true when it dealt with the error, else spec 8.1's rules do.
   */
  refusal?: (error: unknown, variables: V) => boolean;
  /**
   * After the failure was shown: put back what the screen showed ahead of the answer, or set
   * a 422's messages on their fields (`action.kind === "fields"`; undefined after `refusal`).
   */
  onFailure?: (action: TErrorAction | undefined, error: unknown, variables: V) => void;
}

const valueOf = <T, V, R>(option: TOr<T, V, R> | undefined, result: R, variables: V): T | undefined =>
  typeof option === "function" ? (option as (result: R, variables: V) => T)(result, variables) : option;

/**
 * The client's one write layer: React Query's mutation with the error rules of spec 000 §8
 * (redirects, notices, field messages), the success notice, and the reload of every resource
 * the write touches. `isPending` is the busy state, through the reload.
 */
/** How one write ended, for a caller that answers its own caller (a form's save, a drag's drop). */
export type TAttempt<R> = { ok: true; result: R } | { ok: false; failure: TErrorAction | undefined };

export const useResourceMutation = <V = void, R = unknown>(options: TResourceMutationOptions<V, R>) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  // The reading of the last failure (onError runs before mutateAsync rejects), for `attempt`.
  const lastFailure = useRef<TErrorAction | undefined>(undefined);
  const reload = () =>
    Promise.all((options.invalidates ?? []).map((ref) => invalidateResource(queryClient, ref)));
  const mutation = useMutation<R, unknown, V>({
    mutationFn: options.mutationFn,
    onSuccess: async (result, variables) => {
      const notice = valueOf(options.notice, result, variables);
      if (notice !== undefined && notice !== null && notice !== "") notifySuccess(notice);
      await reload();
      await options.onSuccess?.(result, variables);
    },
    onError: async (error, variables) => {
      const action = options.refusal?.(error, variables) ? undefined : handleError(error);
      lastFailure.current = action;
      options.onFailure?.(action, error, variables);
      if (options.reloadOnFailure) await reload();
    },
  });
  /**
   * The write, settled: never rejects, so a caller awaiting it needs no catch (the failure was
   * already shown by the rules above); a 422's field messages come back as `failure`.
   */
  const attempt = (variables: V): Promise<TAttempt<R>> =>
    mutation.mutateAsync(variables).then(
      (result) => ({ ok: true, result }),
      () => ({ ok: false, failure: lastFailure.current }),
    );
  return { ...mutation, attempt };
};
