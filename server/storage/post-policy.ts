/**
 * Browser uploads with an S3 POST policy (SigV4): building the form fields a client must send, and
 * — for our local store — checking a submitted form the way S3 does: a valid signature over the
 * base64 policy, an unexpired policy, every condition met, and no form field the policy does not
 * cover. Built once here so the local store and the S3 driver hand out identical forms.
 */
import { ApiError } from '../domain/errors.ts';
import { amzDate, credentialScope, parseCredential, sameSignature, SIGV4_ALGORITHM, signPolicy, type SigV4Credentials } from './sigv4.ts';

export type PolicyCondition = Record<string, string> | [string, string, string] | ['content-length-range', number, number];

export interface PostPolicyDocument {
  expiration: string;
  conditions: PolicyCondition[];
}

/** The ordered form fields of a presigned POST (the file goes last, as `file`). */
export function buildPostFields(args: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  metadata?: Record<string, string>;
  credentials: SigV4Credentials;
  now: number;
  expiresInSec: number;
}): Record<string, string> {
  const date = amzDate(args.now);
  const credential = `${args.credentials.accessKeyId}/${credentialScope(date.slice(0, 8), args.credentials)}`;
  const meta = Object.entries(args.metadata ?? {}).map(([name, value]) => [`x-amz-meta-${name.toLowerCase()}`, value] as const);
  const document: PostPolicyDocument = {
    expiration: new Date(args.now + args.expiresInSec * 1000).toISOString(),
    conditions: [
      { bucket: args.bucket },
      ['eq', '$key', args.key],
      ['eq', '$Content-Type', args.contentType],
      ['content-length-range', 1, args.maxBytes],
      // Lets a client ask for 201 + XML instead of 204, as S3 allows.
      ['starts-with', '$success_action_status', ''],
      ...meta.map(([name, value]): PolicyCondition => ['eq', `$${name}`, value]),
      { 'x-amz-algorithm': SIGV4_ALGORITHM },
      { 'x-amz-credential': credential },
      { 'x-amz-date': date },
    ],
  };
  const policy = Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
  return {
    key: args.key,
    'Content-Type': args.contentType,
    ...Object.fromEntries(meta),
    'x-amz-algorithm': SIGV4_ALGORITHM,
    'x-amz-credential': credential,
    'x-amz-date': date,
    policy,
    'x-amz-signature': signPolicy(args.credentials, date.slice(0, 8), policy),
  };
}

export interface VerifiedPost {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  metadata: Record<string, string>;
  successStatus: 200 | 201 | 204;
}

/** Fields exempt from "every field must be in the conditions" (S3's rule). */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const denied = (message: string) => new ApiError(403, 'forbidden', message);
const malformed = (message: string) => new ApiError(400, 'bad_request', message);

function required(fields: Map<string, string>, name: string): string {
  const value = fields.get(name);
  if (value === undefined || value === '') throw malformed(`The form has no "${name}" field`);
  return value;
}

function decodePolicy(policy: string): PostPolicyDocument {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw malformed('The policy is not base64-encoded JSON');
  }
  const d = document as Partial<PostPolicyDocument> | null;
  if (!d || typeof d.expiration !== 'string' || !Array.isArray(d.conditions))
    throw malformed('The policy needs "expiration" and "conditions"');
  return d as PostPolicyDocument;
}

/**
 * Checks a submitted form (field names lower-cased, the file not included) against its policy.
 * Throws 400 (malformed form), 403 `forbidden` (signature, condition or extra field) or
 * 403 `policy_expired`; returns what the upload may be.
 */
export function verifyPostForm(args: {
  fields: Map<string, string>;
  bucket: string;
  now: number;
  credentialsFor: (accessKeyId: string) => SigV4Credentials | null;
}): VerifiedPost {
  const { fields } = args;
  const policy = required(fields, 'policy');
  const signature = required(fields, 'x-amz-signature');
  if (required(fields, 'x-amz-algorithm') !== SIGV4_ALGORITHM) throw malformed(`x-amz-algorithm must be ${SIGV4_ALGORITHM}`);
  const credential = parseCredential(required(fields, 'x-amz-credential'));
  if (!credential) throw malformed('x-amz-credential is malformed');
  const date = required(fields, 'x-amz-date');
  if (!date.startsWith(credential.dateStamp)) throw denied('x-amz-date does not match the date of x-amz-credential');
  const credentials = args.credentialsFor(credential.accessKeyId);
  if (!credentials) throw denied('Unknown access key in x-amz-credential');
  if (credential.region !== credentials.region || credential.service !== 's3')
    throw denied('x-amz-credential names another region or service');
  if (!sameSignature(signPolicy(credentials, credential.dateStamp, policy), signature.toLowerCase())) {
    throw denied('The signature does not match the policy (was the policy or a field changed?)');
  }

  const document = decodePolicy(policy);
  const expiration = Date.parse(document.expiration);
  if (Number.isNaN(expiration)) throw malformed('The policy expiration is not a date');
  if (expiration <= args.now) {
    throw new ApiError(403, 'policy_expired', `The upload policy expired at ${new Date(expiration).toISOString()}; ask for a new one`);
  }

  const covered = new Set<string>();
  let minBytes = 0;
  let maxBytes = Number.MAX_SAFE_INTEGER;
  const valueOf = (name: string) => (name === 'bucket' ? args.bucket : (fields.get(name) ?? ''));
  const check = (name: string, ok: boolean, condition: unknown) => {
    covered.add(name);
    if (!ok) throw denied(`Invalid according to policy: condition ${JSON.stringify(condition)} failed for "${name}"`);
  };
  for (const condition of document.conditions) {
    if (Array.isArray(condition)) {
      const [op, subject, value] = condition as unknown[];
      if (op === 'content-length-range' && Number.isInteger(subject) && Number.isInteger(value)) {
        minBytes = Math.max(minBytes, subject as number);
        maxBytes = Math.min(maxBytes, value as number);
        continue;
      }
      if ((op !== 'eq' && op !== 'starts-with') || typeof subject !== 'string' || !subject.startsWith('$') || typeof value !== 'string') {
        throw malformed(`Unsupported policy condition ${JSON.stringify(condition)}`);
      }
      const name = subject.slice(1).toLowerCase();
      check(name, op === 'eq' ? valueOf(name) === value : valueOf(name).startsWith(value), condition);
    } else if (condition && typeof condition === 'object') {
      const entries = Object.entries(condition);
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string')
        throw malformed(`Unsupported policy condition ${JSON.stringify(condition)}`);
      const [name, value] = entries[0]!;
      check(name.toLowerCase(), valueOf(name.toLowerCase()) === value, condition);
    } else {
      throw malformed(`Unsupported policy condition ${JSON.stringify(condition)}`);
    }
  }
  for (const name of fields.keys()) {
    if (!EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      throw denied(`Invalid according to policy: extra input field "${name}" is not covered by a condition`);
    }
  }

  const metadata: Record<string, string> = {};
  for (const [name, value] of fields) if (name.startsWith('x-amz-meta-')) metadata[name.slice('x-amz-meta-'.length)] = value;
  const status = fields.get('success_action_status');
  return {
    key: required(fields, 'key'),
    contentType: fields.get('content-type') || 'binary/octet-stream',
    minBytes,
    maxBytes,
    metadata,
    successStatus: status === '200' ? 200 : status === '201' ? 201 : 204,
  };
}
