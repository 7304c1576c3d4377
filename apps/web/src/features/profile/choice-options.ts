import { UNDEFINED_VALUE, type PicklistValue } from '@pp/contract';

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * The entries of a select: first the empty one (`UNDEFINED`, sent as null), then the list's.
 * A stored code the list no longer offers stays selectable under its code, so opening and saving
 * the form never changes it unasked.
 */
export function choiceOptions(
  values: readonly PicklistValue[],
  current: string,
  emptyLabel: string,
): ChoiceOption[] {
  const options = [{ value: UNDEFINED_VALUE, label: emptyLabel }, ...values];
  const known = options.some((option) => option.value === current);
  return known ? options : [...options, { value: current, label: current }];
}
