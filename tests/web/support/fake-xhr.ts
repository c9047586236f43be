import { act } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';

/** An XMLHttpRequest that the test drives: upload progress, the answer, or a network failure. */
export class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  abort = jest.fn();

  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  /** The name of the file this request sends. */
  get fileName() {
    return ((this.body as FormData).get('file') as File).name;
  }
  // The events change what the page shows: React is told, as a browser's event loop would.
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** Every XMLHttpRequest of the file's tests is a FakeXhr, listed in `FakeXhr.made`. */
export function installFakeXhr() {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.made = [];
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });
}

/** Node's File: the test environment's FormData is Node's, and takes only Node's Blobs. */
export const fileOf = (name: string, size = 10, type = 'application/pdf') =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
