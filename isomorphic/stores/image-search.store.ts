// Photo search state of SPEC §3 (id, progress, handleStatus, access, info, showSearch), shared by the
// header's overlay and the photo-search pages. Only the state lives here (it is in every page's first
// load); starting, polling and cancelling live in the overlay's lazy chunk (components/image-search/).
// The results list itself is the results page's loader data, so it is server-rendered and linkable.
import { makeAutoObservable } from 'mobx';

export type ImageSearchInfo = '' | 'quota' | 'cancelled' | 'failed';

export class ImageSearchStore {
  /** the finished search's id (GET /search/polling's answer) */
  id: number | null = null;
  /** 0..1; grows while the search is pending, 1 when it is over */
  progress = 0;
  /** a search is running */
  handleStatus = false;
  /** the running search may go on (false once it is cancelled or stopped) */
  access = true;
  /** why the last search stopped, and the api's message for a failure */
  info: ImageSearchInfo = '';
  message = '';
  /** the overlay is open */
  showSearch = false;
  /** the running search's key */
  searchKey = '';

  constructor() {
    makeAutoObservable(this);
  }

  open(): void {
    this.showSearch = true;
  }

  close(): void {
    this.showSearch = false;
  }

  begin(): void {
    this.id = null;
    this.progress = 0.05;
    this.handleStatus = true;
    this.access = true;
    this.info = '';
    this.message = '';
    this.searchKey = '';
  }

  started(searchKey: string): void {
    this.searchKey = searchKey;
  }

  /** One more pending poll: the bar moves a part of the way that is left, never reaching the end. */
  pending(): void {
    this.progress = Math.min(0.95, this.progress + (0.95 - this.progress) * 0.3);
  }

  finished(id: number): void {
    this.id = id;
    this.progress = 1;
    this.handleStatus = false;
  }

  /** A search that ends without results: polling stops, access is withdrawn, `info` says why. */
  private stop(progress: number, info: ImageSearchInfo): void {
    this.progress = progress;
    this.handleStatus = false;
    this.access = false;
    this.info = info;
  }

  /** SPEC §4: code 1004020 stops the search with progress 1 and the quota alert. */
  quota(): void {
    this.stop(1, 'quota');
  }

  failed(message: string): void {
    this.stop(0, 'failed');
    this.message = message;
  }

  /** SPEC §4: cancelling stops polling and sets handleStatus and access to false. */
  cancelled(): void {
    this.stop(0, 'cancelled');
  }

  /** Forgets the last outcome (a new photo was chosen). */
  reset(): void {
    if (this.handleStatus) return;
    this.progress = 0;
    this.info = '';
    this.message = '';
  }
}
