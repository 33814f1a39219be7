// Hofstaat's stand-in for Rive's rive_native.js, which Flet's web client would fetch from a
// public CDN on every page load. Hofstaat shows no Rive animations: answering "not
// available" lets the client take its own path for a missing Rive, with no request leaving
// the machine (assets/index.html sends the client's request here).
window.RiveNative = function () {
  return Promise.reject(new Error("Rive is not part of Hofstaat"));
};
