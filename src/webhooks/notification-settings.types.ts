/** How a workspace's changes are announced: each as it is detected, or in a digest per window. */
export type NotificationMode = 'realtime' | 'digest';

export const NOTIFICATION_MODES: readonly NotificationMode[] = ['realtime', 'digest'];
