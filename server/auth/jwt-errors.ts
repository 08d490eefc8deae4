/**
 * Turns jose's verification errors into messages that name the failed check (signature, audience,
 * issuer, expiry, claim), so an integrator can fix their token without guessing.
 */
import { errors } from 'jose';
import { CLOCK_TOLERANCE_S } from './jwt-time.ts';

export function describeJwtError(error: unknown, expected: { audience?: string; issuer?: string }): string {
  if (error instanceof errors.JWTExpired) return 'expiry: the token has expired (exp is in the past)';
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'aud':
        return `audience: the token's aud does not match the expected audience${expected.audience ? ` "${expected.audience}"` : ''}`;
      case 'iss':
        return `issuer: the token's iss does not match the expected issuer${expected.issuer ? ` "${expected.issuer}"` : ''}`;
      case 'nbf':
        return `not before: nbf is in the future, the token is not valid yet (at most ${CLOCK_TOLERANCE_S} s of clock skew is tolerated)`;
      case 'iat':
        return 'issued at: the iat claim is invalid';
      case 'exp':
        return 'expiry: the token has no valid exp claim';
      case 'typ':
        return 'type: the token has the wrong typ header';
      default:
        return `claim ${error.claim}: ${error.message}`;
    }
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature: the token signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'algorithm: the token is signed with an algorithm this installation does not accept';
  if (error instanceof errors.JWKSNoMatchingKey) return 'signature: no key of the identity provider matches the token';
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) return 'format: the token is not a valid signed JWT';
  if (error instanceof errors.JOSEError) return `token: ${error.message}`;
  return 'token: could not be verified';
}
