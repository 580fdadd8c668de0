import { describe, expect, it } from 'vitest';
import { isMaskedNotifyTarget, maskNotifyTarget, maskSecretPart } from './notify-target.js';

const DINGTALK_TOKEN = '1f0c7d2b9e8a4c6f5d3b2a1908e7c6d5b4a3928170f6e5d4c3b2a19087f6ab12';
const FEISHU_HOOK = '2b6a4d1e-93c8-4f7a-b5e2-0c9d8e7fcd34';

describe('maskNotifyTarget', () => {
  it("masks DingTalk's access token, keeping its last 4 characters", () => {
    expect(
      maskNotifyTarget(`https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}`),
    ).toBe('https://oapi.dingtalk.com/robot/send?access_token=••••ab12');
  });

  it("masks WeCom's key and every other query value", () => {
    expect(
      maskNotifyTarget(
        'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa',
      ),
    ).toBe('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=••••5aaa');
    expect(maskNotifyTarget('https://alerts.example.com/in?team=ops&auth=s3cr3t&flag')).toBe(
      'https://alerts.example.com/in?team=••••&auth=••••&••••',
    );
  });

  it("masks Feishu's hook id and key-like path segments, keeping the rest of the path", () => {
    expect(maskNotifyTarget(`https://open.feishu.cn/open-apis/bot/v2/hook/${FEISHU_HOOK}`)).toBe(
      'https://open.feishu.cn/open-apis/bot/v2/hook/••••cd34',
    );
    expect(maskNotifyTarget('https://open.larksuite.com/open-apis/bot/v2/hook/short')).toBe(
      'https://open.larksuite.com/open-apis/bot/v2/hook/••••',
    );
    expect(
      maskNotifyTarget('https://hooks.slack.com/services/T0001/B0002/Xk3fq9Zr2LmN8pQw4VtY7hJd'),
    ).toBe('https://hooks.slack.com/services/T0001/B0002/••••7hJd');
    expect(maskNotifyTarget('http://127.0.0.1:8080/api/notifications/deploy')).toBe(
      'http://127.0.0.1:8080/api/notifications/deploy',
    );
  });

  it('masks the password of a userinfo, and a userinfo without one whole', () => {
    expect(maskNotifyTarget('https://bot:hunter2@hooks.example.com/in')).toBe(
      'https://bot:••••@hooks.example.com/in',
    );
    expect(maskNotifyTarget('https://ghp_abcdefghijklmnop1234@hooks.example.com/in')).toBe(
      'https://••••1234@hooks.example.com/in',
    );
  });

  it('masks a fragment, and text that is not an address whole', () => {
    expect(maskNotifyTarget('https://x.example.com/in#tok')).toBe('https://x.example.com/in#••••');
    expect(maskNotifyTarget('not an address at all')).toBe('•••• all');
    expect(maskNotifyTarget('')).toBe('');
  });

  it('keeps no secret part: what is hidden never shows in the mask', () => {
    for (const secret of [DINGTALK_TOKEN, FEISHU_HOOK]) {
      const masked = maskNotifyTarget(`https://h.example.com/hook/${secret}?t=${secret}`);
      expect(masked).not.toContain(secret.slice(0, -4));
    }
  });
});

describe('isMaskedNotifyTarget', () => {
  it('tells a mask sent back from an address typed', () => {
    expect(isMaskedNotifyTarget(maskNotifyTarget(`https://h.example.com/?k=${FEISHU_HOOK}`))).toBe(
      true,
    );
    expect(isMaskedNotifyTarget('https://h.example.com/?k=v')).toBe(false);
  });
});

describe('maskSecretPart', () => {
  it('keeps the last 4 characters only when 8 or more stay hidden', () => {
    expect(maskSecretPart('abcdefghijk')).toBe('••••');
    expect(maskSecretPart('abcdefghijkl')).toBe('••••ijkl');
  });
});
