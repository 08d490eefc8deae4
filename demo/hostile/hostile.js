/*
 * The hostile pages' own behaviour: a button that counts its clicks (comment mode must never reach
 * it) and `hostile.whenWidget()`, which waits for the Pinmark host element so a page can misbehave
 * after the widget arrived. `window.hostile` is the only global the pages define.
 */
(function () {
  var hostile = (window.hostile = window.hostile || {});
  hostile.clicks = 0;
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('#page-button');
    if (!button) return;
    hostile.clicks += 1;
    document.getElementById('page-clicks').textContent = String(hostile.clicks);
  });
  hostile.whenWidget = function (callback) {
    var timer = setInterval(function () {
      if (!document.querySelector('pinmark-root')) return;
      clearInterval(timer);
      callback();
    }, 50);
  };
})();
