// The dictionary tree (SPEC §3): fetched once per web process, handed to each page, grouped by typeKey.
import { makeAutoObservable, observableRef } from 'mobx';
import type { DictGroup } from '../contracts/common';
import { startupAcceptance } from '../domain/catalogue';
import type { Lang } from '../domain/format';
import { byLang } from '../domain/format';

export class DictionaryStore {
  groups: DictGroup[] = [];

  constructor(groups: DictGroup[] = []) {
    this.groups = withLocalGroups(groups);
    // The tree is replaced whole or not at all: a reference, not a deep observable copy of every entry
    // (made for every page rendered on the server).
    makeAutoObservable(this, { groups: observableRef });
  }

  get loaded(): boolean {
    return this.groups.length > 1;
  }

  /** The label of one value of a group in a language, or undefined when the value is unknown. */
  label(typeKey: string, value: number | string, lang: Lang): string | undefined {
    const group = this.groups.find((g) => g.typeKey === typeKey);
    const entry = group?.children.find((e) => e.dicValue === String(value));
    if (!entry) return undefined;
    return byLang(lang, entry.name, entry.nameEn);
  }

  snapshot(): DictGroup[] {
    return this.groups.filter((g) => g.typeKey !== startupAcceptance.typeKey);
  }
}

/** SPEC §3: one group, startup acceptance, is added locally. */
function withLocalGroups(groups: DictGroup[]): DictGroup[] {
  if (groups.some((g) => g.typeKey === startupAcceptance.typeKey)) return groups;
  const local: DictGroup = {
    typeKey: startupAcceptance.typeKey,
    name: '启动验收',
    nameEn: 'Startup acceptance',
    children: Object.entries(startupAcceptance.entries).map(([value, label], i) => ({
      typeKey: startupAcceptance.typeKey,
      dicValue: value,
      name: label.zh,
      nameEn: label.en,
      label: label.zh,
      sort: i,
    })),
  };
  return [...groups, local];
}
