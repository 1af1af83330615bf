/** The landing page's flash flag after sign-out (/?signedOut=1): set by the logout action, read by the banner. */
export const SIGNED_OUT_PARAM = "signedOut";
