/*
 * Sandbox hosted field, frame side (GET /api/payments/sandbox/frame.js). Runs inside a sandboxed frame
 * with an opaque origin: the portal page cannot read this document, and this document talks only to its
 * parent, on the portal's origin. The value typed here goes straight to the sandbox token endpoint; the
 * parent receives only the resulting part token id.
 */
;(function () {
  'use strict'
  var MARK = 'sandbox-hosted-fields'
  var field = new URLSearchParams(location.search).get('field') === 'cvv' ? 'cvv' : 'number'
  // The frame's own origin is opaque ("null"); its URL still names the portal that served it.
  var portalOrigin = new URL(location.href).origin
  var tokensUrl = new URL('tokens', location.href).toString()
  var input = document.getElementById('field')
  var touched = false
  var STYLE_KEYS = ['color', 'font-family', 'font-size', 'font-weight', 'letter-spacing', 'line-height', 'padding', 'text-align', 'background-color']

  input.setAttribute('aria-label', field === 'cvv' ? 'Security code (CVV)' : 'Card number')
  input.setAttribute('autocomplete', field === 'cvv' ? 'cc-csc' : 'cc-number')
  input.setAttribute('maxlength', field === 'cvv' ? '4' : '23')

  function digits(value) {
    return value.replace(/\D/g, '')
  }

  function format(value) {
    var d = digits(value)
    if (field === 'cvv') return d.slice(0, 4)
    d = d.slice(0, 19)
    if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ')
    return d.replace(/(\d{4})(?=\d)/g, '$1 ')
  }

  function luhn(d) {
    var sum = 0
    for (var i = 0; i < d.length; i++) {
      var n = d.charCodeAt(d.length - 1 - i) - 48
      if (i % 2 === 1) {
        n *= 2
        if (n > 9) n -= 9
      }
      sum += n
    }
    return sum % 10 === 0
  }

  function check() {
    var d = digits(input.value)
    if (!d) return { empty: true, valid: false, error: 'This field is mandatory' }
    if (field === 'cvv') return /^\d{3,4}$/.test(d) ? { empty: false, valid: true, error: '' } : { empty: false, valid: false, error: 'CVV is not valid' }
    return d.length >= 12 && luhn(d) ? { empty: false, valid: true, error: '' } : { empty: false, valid: false, error: 'Card number is not valid' }
  }

  function post(message) {
    message.source = MARK
    message.field = field
    window.parent.postMessage(message, portalOrigin)
  }

  function postState() {
    var state = check()
    post({ type: 'state', empty: state.empty, valid: state.valid, error: touched ? state.error : '' })
    return state
  }

  function tokenize(requestId) {
    touched = true
    var state = postState()
    if (!state.valid) return post({ type: 'tokenized', requestId: requestId, error: state.error })
    fetch(tokensUrl, {
      method: 'POST',
      credentials: 'omit',
      cache: 'no-store',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ field: field, value: digits(input.value) }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok && body && body.id) post({ type: 'tokenized', requestId: requestId, id: body.id })
          else post({ type: 'tokenized', requestId: requestId, error: (body && (body.details || body.detail)) || 'Card details could not be processed' })
        })
      })
      .catch(function () {
        post({ type: 'tokenized', requestId: requestId, error: 'Card details could not be sent. Check your connection.' })
      })
  }

  function applyStyle(css) {
    if (!css || typeof css !== 'object') return
    STYLE_KEYS.forEach(function (key) {
      var value = css[key]
      if (typeof value === 'string' && value.length < 100 && !/[;{}]|url\(|expression/i.test(value)) input.style.setProperty(key, value)
    })
  }

  input.addEventListener('input', function () {
    var formatted = format(input.value)
    if (formatted !== input.value) input.value = formatted
    postState()
  })
  input.addEventListener('focus', function () {
    post({ type: 'focus' })
  })
  input.addEventListener('blur', function () {
    touched = true
    post({ type: 'blur' })
    postState()
  })
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== portalOrigin) return
    var data = event.data
    if (!data || data.source !== MARK) return
    if (data.type === 'init') {
      if (typeof data.placeholder === 'string') input.setAttribute('placeholder', data.placeholder.slice(0, 40))
      applyStyle(data.css)
    } else if (data.type === 'tokenize' && typeof data.requestId === 'string') {
      tokenize(data.requestId)
    }
  })

  post({ type: 'ready' })
})()
