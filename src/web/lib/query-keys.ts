/**
 * The root of every query key. Each feature builds its keys in its `queryOptions` factories
 * from these, and code that refreshes another feature's data (the session when the balance
 * changes, a generation refreshing the history) names the same root, so a rename cannot
 * leave an invalidation pointing at nothing.
 */
export const queryKeys = {
  /** Everything tied to the signed-in user's session; removed at logout. */
  auth: ['auth'],
  me: ['auth', 'me'],
  credits: ['credits'],
  generations: ['generations'],
  referrals: ['referrals'],
  purchases: ['purchases'],
  billingProfile: ['billing-profile'],
  aiProviders: ['ai', 'providers'],
  publicConfig: ['public-config'],
  /** The admin area (its own session); every admin change refreshes all of it. */
  admin: ['admin'],
} as const;
