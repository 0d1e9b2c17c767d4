-- Languages (issue 33): the customer's chosen language and a portal session's requested one
ALTER TABLE "customers" ADD COLUMN "preferred_locale" TEXT;
ALTER TABLE "portal_sessions" ADD COLUMN "locale" TEXT;
