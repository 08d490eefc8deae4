/** The people the rich-text editor offers after `@`, from the store (loaded on the first `@`). */
import { useCallback } from 'preact/hooks';
import type { MentionSource } from './editor';
import { useWidget } from './hooks';

export function useMentionSource(): MentionSource {
  const { actions } = useWidget().controller;
  return useCallback<MentionSource>(() => actions.mentionCandidates(), [actions]);
}
