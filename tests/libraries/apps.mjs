// The real libraries behind small Express apps, as oracles for differential.mjs (docs/reference/decisions.md#profiles). Each app's handler does
// what `serve`'s handler does under the scenario of harness.mjs's servedScenario(), chosen by the request's X-Client
// header: `slow` takes slowMs (`slower` slowerMs), `fail` answers 500 and `fail422` 422 with {"error":"handler_failed"} (no effect),
// anything else takes handlerMs and answers 201 {"result_id":"e<n>"}, n counting the effects in the order they happen
// — exactly serve's answers, so any difference is the libraries' semantics, not the apps'.
import express from 'express';
import http from 'node:http';
import { idempotency, getSharedIdempotencyService } from 'express-idempotency';
import { Idempotency, IdempotencyError, IdempotencyErrorCodes } from '@node-idempotency/core';
import { MemoryStorageAdapter } from '@node-idempotency/storage-adapter-memory';

function handler(state, { handlerMs, slowMs, slowerMs = slowMs }, isHit) {
    return (req, res) => {
        if (isHit && isHit(req))
            return; // express-idempotency answered already (its README's pattern)
        state.started += 1; // the handler runs: the request has passed the library (differential.mjs waits on it)
        const client = req.get('x-client') ?? '';
        const ms = client === 'slow' ? slowMs : client === 'slower' ? slowerMs : handlerMs;
        setTimeout(() => {
            if (client === 'fail' || client === 'fail422') {
                res.status(client === 'fail' ? 500 : 422).json({ error: 'handler_failed' });
                return;
            }
            state.effects += 1;
            res.status(201).json({ result_id: `e${state.effects}` });
        }, ms);
    };
}

// express-idempotency 1.0.6 with its defaults (in-memory adapter, default intent and response validators).
export function expressIdempotencyApp(times) {
    const state = { effects: 0, started: 0 };
    const app = express();
    app.disable('x-powered-by');
    app.use(express.json());
    app.use(idempotency());
    const service = getSharedIdempotencyService();
    app.all('*', handler(state, times, (req) => service.isHit(req)));
    return { app, state };
}

// @node-idempotency/express's middleware, written against @node-idempotency/core's API as the plugin's source does
// (packages/plugin-express/src/middleware.ts at the 1.0.11 release; the plugin is not in the registry here): the
// same request fields (path = request.url, with its query), the same caching of the response on send(), the same
// replay (status, Content-Type, Idempotent-Replayed: true) and the same errors (422/400/409, Retry-After: 1 on
// REQUEST_IN_PROGRESS).
const codeToStatus = {
    [IdempotencyErrorCodes.IDEMPOTENCY_FINGERPRINT_MISSMATCH]: 422,
    [IdempotencyErrorCodes.IDEMPOTENCY_KEY_LEN_EXEEDED]: 400,
    [IdempotencyErrorCodes.IDEMPOTENCY_KEY_MISSING]: 400,
    [IdempotencyErrorCodes.REQUEST_IN_PROGRESS]: 409,
};
const headers2Cache = { contentType: 'Content-Type' };

export function nodeIdempotencyMiddleware(options) {
    const nodeIdempotency = new Idempotency(new MemoryStorageAdapter(), options);
    const setHeaders = (response, headers) => {
        for (const key of Object.keys(headers)) {
            if (headers[key])
                response.header(key, headers[key]);
        }
    };
    const handleResponse = async (idempotencyReq, response, payload) => {
        const { statusCode } = response;
        const headers = response.getHeaders();
        const additional = { statusCode };
        for (const header of Object.values(headers2Cache)) {
            const head = headers[header] ?? headers[header.toLowerCase()];
            if (head)
                additional[header] = head;
        }
        try {
            const isJson = (headers['content-type'] ?? headers['Content-Type'])?.toString()?.toLowerCase()
                ?.includes('application/json');
            if (isJson && typeof payload === 'string')
                payload = JSON.parse(payload);
        } catch {
            // ignored, as the plugin does
        }
        const res = { additional, ...(statusCode < 400 ? { body: payload } : { error: payload }) };
        await nodeIdempotency.onResponse(idempotencyReq, res);
    };
    return async (request, response, next) => {
        const idempotencyReq = { headers: request.headers, body: request.body, path: request.url, method: request.method };
        try {
            const idempotencyResponse = await nodeIdempotency.onRequest(idempotencyReq);
            if (!idempotencyResponse) {
                const originalSend = response.send.bind(response);
                response.send = function (body) {
                    void handleResponse(idempotencyReq, response, body);
                    return originalSend(body);
                };
                next();
                return;
            }
            if (idempotencyResponse.additional?.statusCode)
                response.status(idempotencyResponse.additional.statusCode);
            const headers = Object.values(headers2Cache).reduce((res, cur) => {
                if (idempotencyResponse?.additional?.[cur])
                    res[cur] = idempotencyResponse.additional[cur];
                return res;
            }, {});
            setHeaders(response, { ...headers, 'Idempotent-Replayed': 'true' });
            if (idempotencyResponse.body)
                response.send(idempotencyResponse.body);
            else
                next(idempotencyResponse.error);
        } catch (err) {
            if (err instanceof IdempotencyError) {
                const status = codeToStatus[err.code] || 500;
                if (err.code === IdempotencyErrorCodes.REQUEST_IN_PROGRESS)
                    setHeaders(response, { 'Retry-After': '1' });
                response.status(status);
                next(err);
            }
        }
    };
}

// The plugin's e2e test app's error handler (tests/e2e/modules/test/test.module.ts).
function errorHandler(err, _req, res, next) {
    if (res.headersSent) {
        next(err);
        return;
    }
    const { statusCode } = res;
    res.status(statusCode >= 400 ? statusCode : 500).json({ ...err, message: err.message });
}

// node-idempotency 1.0.11 behind that middleware; `options` are the core's (e.g. inProgressStrategy).
export function nodeIdempotencyApp(times, options = {}) {
    const state = { effects: 0, started: 0 };
    const app = express();
    app.disable('x-powered-by');
    app.use(express.json());
    app.use(nodeIdempotencyMiddleware(options));
    app.all('*', handler(state, times));
    app.use(errorHandler);
    return { app, state };
}

// Listens on 127.0.0.1 at a free port; returns { port, close() }.
export function listen(app) {
    return new Promise((resolve, reject) => {
        const server = http.createServer(app);
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            resolve({
                port: server.address().port,
                close: () => new Promise((r) => {
                    server.closeAllConnections?.();
                    server.close(() => r());
                }),
            });
        });
    });
}
