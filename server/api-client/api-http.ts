// The web service's HTTP client for the api: one got instance per app, with keep-alive agents, short
// connect timeouts and no retries (a page should fail fast rather than hang).
import http from 'node:http';
import https from 'node:https';
import got, { type Got } from 'got';

export interface ApiHttp { got: Got; close(): void }

export function createApiHttp(apiUrl: string): ApiHttp {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 }),
  };
  const instance = got.extend({
    prefixUrl: apiUrl,
    agent: agents,
    timeout: { lookup: 1000, connect: 2000, secureConnect: 2000, response: 10_000, request: 15_000 },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    headers: { accept: 'application/json', client: '1' },
  });
  return {
    got: instance,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
