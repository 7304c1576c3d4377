import type { PersonalDataExport } from '@pp/contract';
import { todayIsoDate } from '../../lib/format/format.ts';

export interface PersonalDataFile {
  name: string;
  /** An object URL of the JSON file; revoked with {@link releaseFile}. */
  url: string;
}

/** The export as a JSON file (Art. 20: machine-readable), named with the day it was taken. */
export function personalDataFile(data: PersonalDataExport, baseName: string): PersonalDataFile {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  return { name: `${baseName}-${todayIsoDate()}.json`, url: URL.createObjectURL(blob) };
}

/** Saves the file, as a click on its link would. */
export function saveFile(file: PersonalDataFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.name;
  link.click();
}

export function releaseFile(file: PersonalDataFile | undefined): void {
  if (file) URL.revokeObjectURL(file.url);
}
