import { useNonce } from "#app/components/nonce.tsx";
import { ME_STORAGE_KEY, MEMBER_HINT_KEY } from "./personal-store.ts";

// How long a member's new tab keeps their parts (hearts, header links) blank while /me is on its way, at most.
const PENDING_MS = 3000;

// Runs in <head>, before the body is parsed (decision 070). A page every visitor shares is drawn for a visitor;
// this script draws the signed-in user's part before the first paint, with no React yet: from what the last
// /me said in this tab (sessionStorage), then from a fresh /me it asks for at once. It marks <html>
// (data-viewer="member": the header's Saved, Messages and Profile instead of Sign In; data-listing-owner: no
// Contact Landlord on their own listing) and writes a stylesheet that fills the hearts of the homes they saved
// (the listing page's heart says "Saved" by it too); the store (personal-store.ts) repaints it with every
// change, a heart's press included, so it and React always agree. Ids are checked before they become CSS.
// A tab with nothing kept yet, in a browser where someone was signed in last (localStorage holds only that
// fact), draws those parts blank until /me answers (data-personal-pending, at most PENDING_MS): a heart
// shows late rather than wrong. A visitor's browser holds no such mark and waits for nothing.
const SCRIPT = `(function(){
var d=document,h=d.documentElement,K=${JSON.stringify(ME_STORAGE_KEY)},M=${JSON.stringify(MEMBER_HINT_KEY)};
var m=/^\\/category\\/(?:rent|sale)\\/([^/.]+)$/.exec(location.pathname),id=m?m[1]:null;
function paint(me){
  var on=!!(me&&me.signedIn);
  h.removeAttribute("data-personal-pending");
  h.setAttribute("data-viewer",on?"member":"visitor");
  try{if(on)localStorage.setItem(M,"1");else localStorage.removeItem(M);}catch(e){}
  var own=on&&me.listing&&me.listing.owner&&me.listing.id===id;
  if(own)h.setAttribute("data-listing-owner","");else h.removeAttribute("data-listing-owner");
  var s=d.getElementById("personal-style");
  if(!s){s=d.createElement("style");s.id="personal-style";d.head.appendChild(s);}
  var ids=on?(me.savedIds||[]).filter(function(x){return /^[A-Za-z0-9_-]{1,64}$/.test(x)}):[];
  function all(tail){return ids.map(function(x){return '[data-save-id="'+x+'"]'+tail}).join(",")}
  s.textContent=ids.length?all(" svg")+"{fill:currentColor;color:var(--color-danger)}"+all("[aria-pressed]>.save-label-save")+"{display:none}"+all("[aria-pressed]>.save-label-saved")+"{display:inline}":"";
}
window.__homesteadPaint=paint;
var kept=null;
try{kept=JSON.parse(sessionStorage.getItem(K)||"null");}catch(e){}
if(kept)paint(kept);
else{try{if(localStorage.getItem(M)){h.setAttribute("data-personal-pending","");setTimeout(function(){h.removeAttribute("data-personal-pending")},${PENDING_MS});}}catch(e){}}
window.__homesteadMe=fetch("/me"+(id?"?listing="+encodeURIComponent(id):""),{credentials:"same-origin",headers:{accept:"application/json"}})
.then(function(r){return r.ok?r.json():null})
.then(function(me){if(me){try{sessionStorage.setItem(K,JSON.stringify(me))}catch(e){}paint(me)}return me})
.catch(function(){h.removeAttribute("data-personal-pending");return null});
})();`;

/** The inline script that starts the personal request and draws its answer before the first paint. */
export function PersonalScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, with the page's CSP nonce.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
