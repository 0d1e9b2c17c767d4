// What the sign-in form says for next-auth's error codes. Wrong password, unknown email and disabled
// user are one message; throttling adds "try again later" (it applies to unknown emails as well).
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const TOO_MANY_ATTEMPTS = "Invalid email or password, or too many failed attempts. Try again later.";

export function signInErrorMessage(code: string | null, status?: number): string {
  if (code === "TooManyAttempts") return TOO_MANY_ATTEMPTS;
  if (code === "CredentialsSignin" || status === 401) return INVALID_CREDENTIALS;
  return "Sign-in failed. Try again.";
}
