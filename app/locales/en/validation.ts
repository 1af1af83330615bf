// Messages of spec section 5, keyed by the codes the zod schemas emit.
export const validation = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 8 characters",
  passwordUppercase: "Password must contain at least one uppercase letter",
  passwordNumber: "Password must contain at least one number",
  passwordsDoNotMatch: "Passwords do not match",
  termsRequired: "You must accept the terms and conditions",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  newPasswordMin: "New password must be at least 8 characters",
  newPasswordUppercase: "New password must contain at least one uppercase letter",
  newPasswordNumber: "New password must contain at least one number",
  tooLong: "This value is too long",
};
