import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, failed } from '../errors.js';
import { registerErrorHandler } from './error-handler.js';

async function answerOf(err: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/x', () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

describe('the error envelope', () => {
  it('carries the data a failure names, so a client can continue from it', async () => {
    const { status, body } = await answerOf(
      failed('The server holds 4096 bytes', 'upload_offset', { offset: 4096 }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 2,
      message: 'The server holds 4096 bytes',
      reason: 'upload_offset',
      data: { offset: 4096 },
    });
  });

  it('answers null data by default and hides unexpected errors', async () => {
    expect((await answerOf(new AppError(1, 'no', 'not_found'))).body.data).toBeNull();
    const hidden = await answerOf(new Error('secret detail'));
    expect(hidden.body).toMatchObject({ code: 2, reason: 'internal_error', data: null });
    expect(JSON.stringify(hidden.body)).not.toContain('secret detail');
  });
});
