/** Every route path in one place (bulletproof-react). */
export const paths = {
  home: '/',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/privacy',
  legal: '/legal',
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  confirmEmail: '/auth/confirm-email',
  generate: '/generate',
  credits: '/credits',
  history: '/history',
  referrals: '/referrals',
  account: '/account',
  confirmEmailChange: '/account/email/confirm',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
} as const;
