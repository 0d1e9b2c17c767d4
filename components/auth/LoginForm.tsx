"use client";
// Email + password sign-in through next-auth's credentials provider.
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Field, inputClass } from "@/components/ui/Field";
import { FormError } from "@/components/ui/FormError";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { signInErrorMessage } from "./messages";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
        callbackUrl,
      });
      if (!res || res.error || !res.ok) {
        setError(signInErrorMessage(res?.error ?? null, res?.status));
        return;
      }
      // a full navigation, so the server renders the console with the new session cookie
      window.location.assign(callbackUrl);
    } catch {
      setError("Sign-in failed. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="login-form">
      <FormError message={error} testId="login-error" />
      <Field id="email" label="Email">
        <input id="email" name="email" type="email" autoComplete="username" required className={inputClass} />
      </Field>
      <Field id="password" label="Password">
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
        />
      </Field>
      <SubmitButton pending={pending} testId="login-submit">
        Sign in
      </SubmitButton>
    </form>
  );
}
