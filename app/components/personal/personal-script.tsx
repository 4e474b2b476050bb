import { useNonce } from "#app/components/nonce.tsx";
import { ME_STORAGE_KEY } from "./personal-store.ts";

// Runs in <head>, before the body is parsed (decision 070). A page every visitor shares is drawn for a visitor;
// this script draws the signed-in user's part before the first paint, with no React yet: from what the last
// /me said in this tab (sessionStorage), then from a fresh /me it asks for at once. It marks <html>
// (data-viewer="member": the header's Saved, Messages and Profile instead of Sign In; data-listing-owner: no
// Contact Landlord on their own listing) and writes a stylesheet that fills the hearts of the homes they saved
// until React, reading the same answer, has taken over (data-hydrated). Ids are checked before they become CSS.
const SCRIPT = `(function(){
var d=document,h=d.documentElement,K=${JSON.stringify(ME_STORAGE_KEY)};
var m=/^\\/category\\/(?:rent|sale)\\/([^/.]+)$/.exec(location.pathname),id=m?m[1]:null;
function paint(me){
  var on=!!(me&&me.signedIn);
  h.setAttribute("data-viewer",on?"member":"visitor");
  var own=on&&me.listing&&me.listing.owner&&me.listing.id===id;
  if(own)h.setAttribute("data-listing-owner","");else h.removeAttribute("data-listing-owner");
  var s=d.getElementById("personal-style");
  if(!s){s=d.createElement("style");s.id="personal-style";d.head.appendChild(s);}
  var ids=on?(me.savedIds||[]).filter(function(x){return /^[A-Za-z0-9_-]{1,64}$/.test(x)}):[];
  s.textContent=ids.length?ids.map(function(x){return 'html:not([data-hydrated]) [data-save-id="'+x+'"] svg'}).join(",")+"{fill:currentColor;color:var(--color-danger)}":"";
}
window.__homesteadPaint=paint;
try{var kept=JSON.parse(sessionStorage.getItem(K)||"null");if(kept)paint(kept);}catch(e){}
window.__homesteadMe=fetch("/me"+(id?"?listing="+encodeURIComponent(id):""),{credentials:"same-origin",headers:{accept:"application/json"}})
.then(function(r){return r.ok?r.json():null})
.then(function(me){if(me){try{sessionStorage.setItem(K,JSON.stringify(me))}catch(e){}paint(me)}return me})
.catch(function(){return null});
})();`;

/** The inline script that starts the personal request and draws its answer before the first paint. */
export function PersonalScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, with the page's CSP nonce.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
