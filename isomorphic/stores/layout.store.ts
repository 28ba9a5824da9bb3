// Layout state of SPEC §3 (top, position): whether the header is pinned and where the page is scrolled.
import { makeAutoObservable } from 'mobx';

export interface LayoutSnapshot { top: boolean; position: number }

export class LayoutStore {
  top = true;
  position = 0;

  constructor(snapshot?: Partial<LayoutSnapshot>) {
    this.top = snapshot?.top ?? true;
    this.position = snapshot?.position ?? 0;
    makeAutoObservable(this);
  }

  setPosition(position: number): void {
    this.position = position;
    this.top = position <= 0;
  }

  snapshot(): LayoutSnapshot {
    return { top: this.top, position: this.position };
  }
}
