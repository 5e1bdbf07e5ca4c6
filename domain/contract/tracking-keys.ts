/** The tracking values the shop keeps (./tracking.ts builds their schema from these keys). */
export const TRACKING_KEYS = ['UTM_Source', 'UTM_Medium', 'UTM_Campaign', 'UTM_Content', 'UTM_Term', 'UTM_Id', 'Gclid', 'Msclkid'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
