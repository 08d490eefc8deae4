/**
 * SigV4 against AWS's published examples (S3 API reference, "Authenticating Requests: Using Query
 * Parameters", "… Using the Authorization Header" and "Example: Browser-Based Upload using HTTP
 * POST"), then our POST-policy forms through the checker that enforces S3's rules.
 */
import { describe, expect, it } from 'vitest';
import { buildPostFields, verifyPostForm } from './post-policy.ts';
import { amzDate, canonicalUri, presignUrl, signHeaders, signPolicy, uriEncode, type SigV4Credentials } from './sigv4.ts';

const AWS: SigV4Credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const MAY_24_2013 = Date.UTC(2013, 4, 24, 0, 0, 0);

describe('AWS examples', () => {
  it('signs the presigned GET of examplebucket/test.txt', () => {
    const url = presignUrl({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      credentials: AWS,
      now: MAY_24_2013,
      expiresInSec: 86400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs the header-authenticated GET with a Range header', () => {
    const headers = signHeaders({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      credentials: AWS,
      now: MAY_24_2013,
      headers: { Range: 'bytes=0-9' },
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('signs the browser-upload POST policy of sigv4examplebucket', () => {
    // The example's policy exactly as AWS base64-encoded it (CRLF line ends and all).
    const policy =
      'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
    expect(signPolicy(AWS, '20151229', policy)).toBe('8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e');

    // …and the example's form passes our checker at the example's time (bucket from the URL).
    const fields = new Map(
      Object.entries({
        key: 'user/user1/photo.jpg',
        acl: 'public-read',
        success_action_redirect: 'http://sigv4examplebucket.s3.amazonaws.com/successful_upload.html',
        'content-type': 'image/jpeg',
        'x-amz-meta-uuid': '14365123651274',
        'x-amz-server-side-encryption': 'AES256',
        'x-amz-credential': 'AKIAIOSFODNN7EXAMPLE/20151229/us-east-1/s3/aws4_request',
        'x-amz-algorithm': 'AWS4-HMAC-SHA256',
        'x-amz-date': '20151229T000000Z',
        'x-amz-meta-tag': '',
        policy,
        'x-amz-signature': '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e',
      }),
    );
    const verified = verifyPostForm({ fields, bucket: 'sigv4examplebucket', now: Date.UTC(2015, 11, 29, 12), credentialsFor: () => AWS });
    expect(verified).toMatchObject({
      key: 'user/user1/photo.jpg',
      contentType: 'image/jpeg',
      metadata: { uuid: '14365123651274', tag: '' },
    });
  });
});

describe('encoding', () => {
  it('encodes like SigV4: unreserved characters only, slashes kept in paths', () => {
    expect(uriEncode('a b+c/ä~')).toBe('a%20b%2Bc%2F%C3%A4~');
    expect(uriEncode('ws/x y/ä.png', true)).toBe('ws/x%20y/%C3%A4.png');
    // What encodeURIComponent leaves alone but SigV4 does not; emoji; a lone surrogate (as U+FFFD).
    expect(uriEncode("it's (v2)!*")).toBe('it%27s%20%28v2%29%21%2A');
    expect(uriEncode('😀/€', true)).toBe('%F0%9F%98%80/%E2%82%AC');
    expect(uriEncode('a\ud800b')).toBe('a%EF%BF%BDb');
    expect(canonicalUri('/storage/b/a%20b/%C3%A4!.png')).toBe('/storage/b/a%20b/%C3%A4%21.png');
    expect(amzDate(Date.UTC(2024, 0, 2, 3, 4, 5, 678))).toBe('20240102T030405Z');
  });
});

describe('our POST policies', () => {
  const creds: SigV4Credentials = { accessKeyId: 'local', secretAccessKey: 'a-secret-of-at-least-16', region: 'us-east-1' };
  const now = Date.UTC(2024, 5, 1, 12);
  const fields = buildPostFields({
    bucket: 'pinmark',
    key: 'ws/1/a.png',
    contentType: 'image/png',
    maxBytes: 1000,
    metadata: { 'file-id': 'f1' },
    credentials: creds,
    now,
    expiresInSec: 900,
  });
  const asForm = (overrides: Record<string, string | undefined> = {}) => {
    const form = new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) form.delete(k);
      else form.set(k, v);
    }
    return form;
  };
  const check = (form: Map<string, string>, at = now) =>
    verifyPostForm({ fields: form, bucket: 'pinmark', now: at, credentialsFor: (id) => (id === 'local' ? creds : null) });

  it('lists the fields in S3 order and passes its own checker', () => {
    expect(Object.keys(fields)).toEqual([
      'key',
      'Content-Type',
      'x-amz-meta-file-id',
      'x-amz-algorithm',
      'x-amz-credential',
      'x-amz-date',
      'policy',
      'x-amz-signature',
    ]);
    const policy = JSON.parse(Buffer.from(fields.policy!, 'base64').toString());
    expect(policy.expiration).toBe('2024-06-01T12:15:00.000Z');
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1000]);
    expect(check(asForm())).toEqual({
      key: 'ws/1/a.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 1000,
      metadata: { 'file-id': 'f1' },
      successStatus: 204,
    });
    expect(check(asForm({ success_action_status: '201' })).successStatus).toBe(201);
  });

  it('refuses what S3 refuses', () => {
    const refusal = (form: Map<string, string>, at = now) => {
      try {
        check(form, at);
        return 'accepted';
      } catch (error) {
        return `${(error as { status: number }).status} ${(error as { code: string }).code}`;
      }
    };
    expect(refusal(asForm(), now + 901_000)).toBe('403 policy_expired');
    expect(refusal(asForm({ key: 'ws/2/a.png' }))).toBe('403 forbidden');
    expect(refusal(asForm({ 'content-type': 'text/html' }))).toBe('403 forbidden');
    expect(refusal(asForm({ 'x-amz-meta-file-id': 'f2' }))).toBe('403 forbidden');
    expect(refusal(asForm({ acl: 'public-read' }))).toBe('403 forbidden');
    expect(refusal(asForm({ 'x-ignore-me': 'fine' }))).toBe('accepted');
    expect(refusal(asForm({ 'x-amz-signature': '0'.repeat(64) }))).toBe('403 forbidden');
    const tampered = JSON.parse(Buffer.from(fields.policy!, 'base64').toString());
    tampered.conditions[3] = ['content-length-range', 1, 10 ** 9];
    expect(refusal(asForm({ policy: Buffer.from(JSON.stringify(tampered)).toString('base64') }))).toBe('403 forbidden');
    expect(refusal(asForm({ 'x-amz-credential': fields['x-amz-credential']!.replace('local', 'other') }))).toBe('403 forbidden');
    expect(refusal(asForm({ policy: undefined }))).toBe('400 bad_request');
  });
});
