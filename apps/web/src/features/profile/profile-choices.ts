import type { TFunction } from 'i18next';
import { LANGUAGES, TITLE_CODES, type Picklists } from '@pp/contract';
import { choiceOptions, type ChoiceOption } from './choice-options.ts';
import type { ProfileFormValues } from './profile-form-values.ts';

export type ProfileChoices = Record<
  'salutation' | 'title' | 'position' | 'profession' | 'otherIndustry' | 'preferredLanguage',
  ChoiceOption[]
>;

/** The entries of the profile's selects, in the interface language; `stored`: the saved values. */
export function profileChoices(
  t: TFunction,
  picklists: Picklists,
  stored: ProfileFormValues,
): ProfileChoices {
  const empty = t('PROFILE.NO_SELECTION');
  const titles = TITLE_CODES.map((code) => ({ value: code, label: t(`TITLES.${code}`) }));
  return {
    salutation: choiceOptions(picklists.salutation.values, stored.salutation, empty),
    title: choiceOptions(titles, stored.title, empty),
    position: choiceOptions(picklists.position.values, stored.position, empty),
    profession: choiceOptions(picklists.professions.values, stored.profession, empty),
    otherIndustry: choiceOptions(picklists.otherIndustries.values, stored.otherIndustry, empty),
    preferredLanguage: LANGUAGES.map((language) => ({
      value: language,
      label: t(`LANGUAGE.${language.toUpperCase()}`),
    })),
  };
}
