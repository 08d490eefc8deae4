export { createApiClient, DEFAULT_TIMEOUT_MS, type ApiClient, type ApiClientOptions, type ApiCredential } from './client';
export { ApiError, isApiError, type ApiErrorCode } from './errors';
export { getStoredJson, postToStorage, type StorageUploadOptions } from './storage';
