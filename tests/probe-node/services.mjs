// Services nobody here wrote, for `idempotency-workbench probe` to judge: an order endpoint behind each of two Express
// idempotency middlewares from npm (wired as their READMEs show), and a check-then-insert service in the manner of
// the seed article's first example. Each listens on 127.0.0.1, port 0, over HTTP or (given a key and certificate)
// HTTPS. The order handler takes 200 ms and answers 201 {"id", "amount"}; `effects()` counts the orders it created.
import express from 'express';
import http from 'node:http';
import https from 'node:https';
import { idempotency as expressIdempotency, getSharedIdempotencyService } from 'express-idempotency';
import { Idempotency, IdempotencyError, IdempotencyErrorCodes } from '@node-idempotency/core';
import { MemoryStorageAdapter } from '@node-idempotency/storage-adapter-memory';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function orders() {
    let next = 0;
    return {
        async create(body) {
            await sleep(200);
            next += 1;
            return { id: `o-${next}`, amount: body?.amount ?? null };
        },
        effects: () => next,
    };
}

function listen(app, tls) {
    const server = tls ? https.createServer(tls, app) : http.createServer(app);
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// express-idempotency 1.0.6: `app.post('*', idempotency())`, and the route asks isHit() before doing anything.
export async function expressIdempotencyService(tls) {
    const app = express();
    app.set('env', 'test'); // Express's own error page, without a stack trace on stderr
    const store = orders();
    app.use(express.json());
    app.post('*', expressIdempotency());
    app.post('/orders', async (req, res) => {
        if (getSharedIdempotencyService().isHit(req))
            return;
        res.status(201).json(await store.create(req.body));
    });
    const server = await listen(app, tls);
    return { server, effects: store.effects, name: 'express-idempotency 1.0.6' };
}

// @node-idempotency/core 1.0.11 as its README shows: onRequest before the business logic (a cached response is sent
// back, an IdempotencyError becomes its HTTP status), onResponse with the result once the logic is done. The status
// map and the Idempotent-Replayed / Retry-After headers are the ones its Express plugin uses (the plugin itself is
// not in the registry here).
export async function nodeIdempotencyService(tls) {
    const app = express();
    app.set('env', 'test'); // Express's own error page, without a stack trace on stderr
    const store = orders();
    const idempotency = new Idempotency(new MemoryStorageAdapter(), {});
    const statusOf = {
        [IdempotencyErrorCodes.IDEMPOTENCY_FINGERPRINT_MISSMATCH]: 422,
        [IdempotencyErrorCodes.IDEMPOTENCY_KEY_LEN_EXEEDED]: 400,
        [IdempotencyErrorCodes.IDEMPOTENCY_KEY_MISSING]: 400,
        [IdempotencyErrorCodes.REQUEST_IN_PROGRESS]: 409,
    };
    app.use(express.json());
    app.post('/orders', async (req, res, next) => {
        const request = { headers: req.headers, body: req.body, path: req.url, method: req.method };
        let cached;
        try {
            cached = await idempotency.onRequest(request);
        } catch (err) {
            if (!(err instanceof IdempotencyError))
                return next(err);
            if (err.code === IdempotencyErrorCodes.REQUEST_IN_PROGRESS)
                res.set('Retry-After', '1');
            res.status(statusOf[err.code] ?? 500);
            return next(err);
        }
        if (cached) {
            res.status(cached.additional?.statusCode ?? 200).set('Idempotent-Replayed', 'true');
            if (cached.additional?.['Content-Type'])
                res.set('Content-Type', cached.additional['Content-Type']);
            return res.send(cached.body);
        }
        const order = await store.create(req.body);
        await idempotency.onResponse(request, {
            body: order,
            additional: { statusCode: 201, 'Content-Type': 'application/json; charset=utf-8' },
        });
        res.status(201).json(order);
    });
    const server = await listen(app, tls);
    return { server, effects: store.effects, name: '@node-idempotency/core 1.0.11' };
}

// Check, then insert after the work: the race the articles warn about. A table with a unique key on the idempotency
// key: the SELECT finds nothing for every request that arrives before the first INSERT, each of them creates an
// order, and every INSERT after the first fails on the unique key and surfaces as a 500 — the order stays created.
export async function checkThenInsertService(tls) {
    const app = express();
    app.set('env', 'test'); // Express's own error page, without a stack trace on stderr
    const store = orders();
    const table = new Map(); // idempotency key → {status, body}
    const query = async (fn) => {
        await sleep(2); // a round trip to the database
        return fn();
    };
    app.use(express.json());
    app.post('/orders', async (req, res) => {
        const key = req.get('Idempotency-Key');
        if (!key)
            return res.status(400).json({ error: 'Idempotency-Key header required' });
        const existing = await query(() => table.get(key));
        if (existing)
            return res.status(existing.status).json(existing.body);
        const order = await store.create(req.body);
        try {
            await query(() => {
                if (table.has(key))
                    throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
                table.set(key, { status: 201, body: order });
            });
        } catch (err) {
            return res.status(500).json({ error: err.message });
        }
        res.status(201).json(order);
    });
    const server = await listen(app, tls);
    return { server, effects: store.effects, name: 'check-then-insert' };
}
