import { describe, expect, it } from 'vitest';
import { channelRequest, channelVerdict } from './channels.js';

describe('channelVerdict', () => {
  it('takes only a 2xx answer whose own code is 0 as sent', () => {
    expect(channelVerdict(1, 200, '{"errcode":0,"errmsg":"ok"}')).toEqual({ ok: true });
    expect(channelVerdict(2, 200, '{"errcode":"0"}')).toEqual({ ok: true });
    expect(channelVerdict(3, 200, '{"code":0,"msg":"success"}')).toEqual({ ok: true });
    expect(channelVerdict(3, 200, '{"StatusCode":0,"StatusMessage":"success"}')).toEqual({
      ok: true,
    });
    expect(channelVerdict(255, 204, '')).toEqual({ ok: true });
  });

  it("names the channel's error, a bad status or an answer that says nothing", () => {
    expect(channelVerdict(1, 200, '{"errcode":93000,"errmsg":"invalid webhook url"}')).toEqual({
      ok: false,
      code: '93000',
      message: 'invalid webhook url',
    });
    expect(channelVerdict(3, 200, '{"code":19024,"msg":"Key Words Not Found"}')).toMatchObject({
      code: '19024',
    });
    expect(channelVerdict(2, 200, '{"ok":true}')).toMatchObject({ ok: false, code: 'no_code' });
    expect(channelVerdict(2, 200, '<html>')).toMatchObject({ ok: false, code: 'bad_answer' });
    expect(channelVerdict(255, 502, 'bad gateway')).toMatchObject({ ok: false, code: 'http_502' });
    expect(channelVerdict(2, 200, '{"errcode":{"x":1}}')).toMatchObject({ code: 'no_code' });
  });
});

describe('channelRequest', () => {
  it('sends no signature without a secret', () => {
    const base = {
      target: 'https://oapi.example.com/robot/send?access_token=t',
      secret: '',
      title: 'T',
      body: 'B',
    };
    expect(channelRequest({ ...base, channel: 2 }, 1000).url).toBe(base.target);
    expect(JSON.parse(channelRequest({ ...base, channel: 3 }, 1000).body)).toEqual({
      msg_type: 'text',
      content: { text: 'T\nB' },
    });
    expect(channelRequest({ ...base, channel: 255, body: '{}' }, 1000).headers).toEqual({
      'content-type': 'application/json',
    });
  });
});
