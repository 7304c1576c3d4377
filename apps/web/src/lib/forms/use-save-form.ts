import { useEffect, useMemo, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { ApiCallError } from '../api/api-context.ts';
import { useToasts } from '../toasts/toast-context.ts';
import { failureToastKey } from '../toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../toasts/toast-store.ts';
import { useLeaveGuard } from './leave-guard.ts';
import { serverFieldErrors } from './server-field-errors.ts';

/** The save call: a TanStack Query mutation (`useMutation`'s result) or its like. */
export interface SaveMutation<M, R> {
  mutateAsync: (variables: M) => Promise<R>;
  /** While it runs, Enter in a field must not send the form again. */
  isPending: boolean;
}

/** A mutation that takes the form's output as it is, or one whose `request` is built from it. */
export type SaveCall<B, R, M> =
  | { mutation: SaveMutation<NoInfer<B>, R>; request?: never }
  | { mutation: SaveMutation<M, R>; request: (body: NoInfer<B>) => M };

export type SaveFormOptions<V extends FieldValues, B, R, M = B> = SaveCall<B, R, M> & {
  /** The contract's schemas for the form, with `fieldErrorMap`. */
  resolver: Resolver<V, unknown, B>;
  /** What the fields show at first: the stored data as the form shows it, or an empty form. */
  values: V & DefaultValues<V>;
  /**
   * Stored data read again (another admin's save, the header's language switch) reaches the
   * fields the user left alone; what the user changed, and its errors, stay.
   */
  resync?: boolean;
  /** The fields the api may name in a refusal (`body.<field>`, or `query.<field>`). */
  fields: readonly Path<V>[];
  fieldsIn?: 'body' | 'query';
  /** The saved answer as the form shows it: the form starts again from it, not dirty. */
  savedValues?: (saved: R) => V;
  /** Shown after a save (`MESSAGES.SAVE_SUCCESS` unless given); null: none. */
  savedToast?: string | null;
  /**
   * The toast of every failed save, for the saves of the specification's error catalogue
   * (docs/specification.md §8); without it, a refusal says why in its code's words and a failure
   * of the server is `MESSAGES.SAVE_ERROR` (decision 0059).
   */
  failedToast?: string;
  onSaved?: (saved: R, body: B) => void;
  /** Refusals the form answers itself (a question, a notice): no toast, no field errors. */
  answersItself?: (error: unknown) => boolean;
};

function saveOf<B, R, M>(call: SaveCall<B, R, M>): (body: B) => Promise<R> {
  if (call.request === undefined) return (body) => call.mutation.mutateAsync(body);
  const { mutation, request } = call;
  return (body) => mutation.mutateAsync(request(body));
}

/** Without a connection the save was not made: said at once, and what the user typed stays. */
function failedToast(error: unknown, given: string | undefined): string {
  if (error instanceof ApiCallError && error.status === 0) return TOAST_MESSAGES.SAVE_OFFLINE;
  return given ?? failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR);
}

/**
 * A react-hook-form form that saves: submit → save call → start again from the saved values →
 * toast → the api's field errors onto their fields (the first one focused). While it has unsaved
 * changes, leaving the screen asks first (`leaveGuard`, for `LeaveDialog`). `refusal` is the
 * last failed save's error, for `RefusalAlert`; `justSaved` holds from a save to the next submit.
 */
export function useSaveForm<V extends FieldValues, B, R, M = B>(
  options: SaveFormOptions<V, B, R, M>,
) {
  const { resolver, values, resync = false } = options;
  const saving = options.mutation.isPending;
  const toasts = useToasts();
  const [refusal, setRefusal] = useState<unknown>();
  const [justSaved, setJustSaved] = useState(false);
  const form = useForm<V, unknown, B>({ resolver, mode: 'onTouched', defaultValues: values });
  const { reset, setError, handleSubmit, formState } = form;
  const leaveGuard = useLeaveGuard(formState.isDirty);

  useEffect(() => {
    if (resync) reset(values, { keepDirtyValues: true, keepErrors: true });
  }, [resync, values, reset]);

  const submitWith = (save: (body: B) => Promise<R>) => (event?: BaseSyntheticEvent) =>
    void handleSubmit(async (body) => {
      if (saving) return;
      setRefusal(undefined);
      setJustSaved(false);
      leaveGuard.hold();
      try {
        const saved = await save(body);
        // Saved: neither the navigation the save causes nor a later one loses anything.
        leaveGuard.release();
        if (options.savedValues) reset(options.savedValues(saved));
        const savedToast =
          options.savedToast === undefined ? TOAST_MESSAGES.SAVE_SUCCESS : options.savedToast;
        if (savedToast) toasts.show(savedToast, 'success');
        setJustSaved(true);
        options.onSaved?.(saved, body);
      } catch (error) {
        setRefusal(error);
        if (options.answersItself?.(error)) return;
        const refused = serverFieldErrors(error, options.fieldsIn ?? 'body', options.fields);
        refused.forEach(({ field, message }, index) =>
          setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
        toasts.show(failedToast(error, options.failedToast));
      }
    })(event);

  return {
    form,
    /** For `<form onSubmit>`. */
    submit: submitWith(saveOf(options)),
    /** Submits with another save call (the same form sent with a confirmation). */
    submitWith,
    pending: formState.isSubmitting || saving,
    discard: () => reset(values),
    /** For `LeaveDialog`: asks before unsaved changes are left behind. */
    leaveGuard,
    refusal,
    justSaved,
  };
}

/**
 * A form over data the user keeps (the profile, the newsletter choices): it shows the stored data
 * and takes in what is read again, the saved answer becomes its new start, and a failed save says
 * `SAVE_ERROR`, as the specification's catalogue (§8) has it for these forms.
 */
export function useStoredDataForm<V extends FieldValues, B, R>(options: {
  resolver: Resolver<V, unknown, B>;
  mutation: SaveMutation<B, R>;
  fields: readonly Path<V>[];
  stored: R;
  toValues: (stored: R) => V & DefaultValues<V>;
}) {
  const { stored, toValues, ...rest } = options;
  const values = useMemo(() => toValues(stored), [toValues, stored]);
  return useSaveForm<V, B, R>({
    ...rest,
    values,
    resync: true,
    failedToast: TOAST_MESSAGES.SAVE_ERROR,
    savedValues: toValues,
  });
}
