// Loads the app's scripts on a page the server drew (server/http/first-paint.ts) once that page has been painted:
// fetched and run at once, they would run first and hold the paint back. The entry and the modules it imports at
// once are named on this script's element. A hidden tab paints nothing, so there they load at once.
;(function () {
  var named = document.currentScript.dataset
  function load() {
    named.preloads.split(' ').forEach(function (href) {
      if (!href) return
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.appendChild(link)
    })
    var entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = ''
    entry.src = named.entry
    document.head.appendChild(entry)
  }
  if (document.visibilityState === 'hidden') load()
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0)
    })
})()
