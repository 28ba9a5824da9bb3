// Toasts of SPEC §7: a response message shown briefly, error style when the code is non-zero.
import { makeAutoObservable } from 'mobx';

export type ToastKind = 'success' | 'error';
export interface Toast { id: number; kind: ToastKind; text: string }

const SHOW_MS = 3500;

export class ToastStore {
  items: Toast[] = [];
  private next = 1;

  constructor() {
    makeAutoObservable(this);
  }

  show(kind: ToastKind, text: string): void {
    if (!text) return;
    const id = this.next++;
    // The same message twice in a row (double click) shows once.
    this.items = [...this.items.filter((t) => t.text !== text), { id, kind, text }].slice(-4);
    if (typeof window !== 'undefined') window.setTimeout(() => this.dismiss(id), SHOW_MS);
  }

  success(text: string): void { this.show('success', text); }
  error(text: string): void { this.show('error', text); }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}
