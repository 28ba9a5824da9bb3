// Toasts of SPEC §7: a response message shown briefly, error style when the code is non-zero. A toast
// belongs to the page it was shown on: a new page clears it (unless it announces that very move, e.g.
// "signed in" before going back), and a success replaces the errors of an earlier try.
import { makeAutoObservable } from 'mobx';

export type ToastKind = 'success' | 'error';
export interface Toast { id: number; kind: ToastKind; text: string; /** page changes it still survives */ carry: number }
export interface ShowOptions { /** keep it over the next page change (the message explains why the page changes) */ carry?: boolean }

const SHOW_MS = 3500;

export class ToastStore {
  items: Toast[] = [];
  private next = 1;

  constructor() {
    makeAutoObservable(this);
  }

  show(kind: ToastKind, text: string, opts: ShowOptions = {}): void {
    if (!text) return;
    const id = this.next++;
    // The same message twice in a row (double click) shows once; a success makes earlier errors moot.
    const kept = this.items.filter((t) => t.text !== text && !(kind === 'success' && t.kind === 'error'));
    this.items = [...kept, { id, kind, text, carry: opts.carry ? 1 : 0 }].slice(-4);
    if (typeof window !== 'undefined') window.setTimeout(() => this.dismiss(id), SHOW_MS);
  }

  success(text: string, opts?: ShowOptions): void { this.show('success', text, opts); }
  error(text: string, opts?: ShowOptions): void { this.show('error', text, opts); }

  /** Another page was opened: what was said about the previous one goes, unless it was carried over. */
  pageChanged(): void {
    this.items = this.items.filter((t) => t.carry > 0).map((t) => ({ ...t, carry: t.carry - 1 }));
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}
