#!/bin/sh
# Verify a delivery without the SDK: HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret, in hex,
# must equal v1 of the Webhook-Signature header (t=<unix seconds>,v1=<hex>). Also check that t is recent.
# Usage: WEBHOOK_SECRET=whsec_... sh verify-hmac.sh body.json "t=1767225600,v1=5d41..."
body_file="$1"
header="$2"
t=$(printf '%s' "$header" | tr ',' '\n' | sed -n 's/^t=//p')
v1=$(printf '%s' "$header" | tr ',' '\n' | sed -n 's/^v1=//p')
expected=$( (printf '%s.' "$t"; cat "$body_file") | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -hex | sed 's/^.*= //')
age=$(( $(date +%s) - t ))
if [ "$expected" = "$v1" ] && [ "$age" -le 300 ] && [ "$age" -ge -300 ]; then
  echo "valid"
else
  echo "invalid" >&2
  exit 1
fi
