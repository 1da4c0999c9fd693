/*
 * Sandbox hosted fields, page side. Loaded on demand by the portal (GET /api/payments/sandbox/fields.js).
 * It mirrors the shape of AffiniPay's hosted fields so the portal drives both the same way:
 *
 *   const fields = window.SandboxPay.HostedFields.initializeFields(
 *     { fields: [{ selector: '#card-number', input: { type: 'credit_card_number' } },
 *                { selector: '#card-cvv', input: { type: 'cvv' } }] },
 *     (state) => { ... state.isReady, state.fields[i].error ... })
 *   const token = await fields.getPaymentToken({ exp_month, exp_year, postal_code, name, address1 })
 *
 * Card number and CVV are typed into sandboxed frames with an opaque origin: this script (and every other
 * script of the page) cannot read them. Each frame sends its own value to the server and passes back only
 * a part token id; this script exchanges the two part ids, with expiry and billing details, for a one-time
 * payment token. Messages are accepted only from our own frames.
 */
;(function () {
  'use strict'
  if (window.SandboxPay) return

  var script = document.currentScript
  var base = script && script.src ? script.src.replace(/\/fields\.js(?:[?#].*)?$/, '') : '/api/payments/sandbox'
  var TYPES = { credit_card_number: 'number', cvv: 'cvv' }
  var TITLES = { number: 'Card number', cvv: 'Security code (CVV)' }
  var TIMEOUT_MS = 15000
  var MARK = 'sandbox-hosted-fields'

  function failure(messages) {
    var error = new Error(messages[0] ? messages[0].message : 'Card details could not be processed')
    error.messages = messages
    return error
  }

  function initializeFields(config, callback) {
    var fields = []
    var pending = {}
    var sequence = 0
    var destroyed = false

    ;(config.fields || []).forEach(function (spec) {
      var type = spec.input && spec.input.type
      var name = TYPES[type]
      if (!name) throw new Error('Unsupported hosted field type: ' + type)
      var host = document.querySelector(spec.selector)
      if (!host) throw new Error('No element matches ' + spec.selector)
      var iframe = document.createElement('iframe')
      // No allow-same-origin: the frame gets an opaque origin, so the page cannot reach into it.
      iframe.setAttribute('sandbox', 'allow-scripts allow-forms')
      iframe.setAttribute('title', TITLES[name])
      iframe.setAttribute('scrolling', 'no')
      iframe.style.cssText = 'border:0;width:100%;height:100%;display:block;background:transparent;color-scheme:normal'
      iframe.src = base + '/frame?field=' + name
      host.appendChild(iframe)
      fields.push({
        selector: spec.selector,
        type: type,
        name: name,
        iframe: iframe,
        input: Object.assign({}, config.input || {}, spec.input || {}, {
          css: Object.assign({}, (config.input && config.input.css) || {}, (spec.input && spec.input.css) || {}),
        }),
        ready: false,
        empty: true,
        valid: false,
        focused: false,
        error: '',
      })
    })

    function getState() {
      return {
        isReady:
          fields.length > 0 &&
          fields.every(function (f) {
            return f.ready
          }),
        fields: fields.map(function (f) {
          return { selector: f.selector, type: f.type, error: f.error, isValid: f.valid, isEmpty: f.empty, isFocused: f.focused }
        }),
      }
    }

    function notify() {
      if (!destroyed && typeof callback === 'function') callback(getState())
    }

    function send(field, message) {
      message.source = MARK
      // An opaque-origin frame can only be addressed with '*'; nothing secret goes this way.
      if (field.iframe.contentWindow) field.iframe.contentWindow.postMessage(message, '*')
    }

    function onMessage(event) {
      var field = null
      for (var i = 0; i < fields.length; i++) if (fields[i].iframe.contentWindow === event.source) field = fields[i]
      if (!field || event.origin !== 'null') return
      var data = event.data
      if (!data || data.source !== MARK || data.field !== field.name) return
      if (data.type === 'ready') {
        field.ready = true
        send(field, { type: 'init', placeholder: field.input.placeholder || '', css: field.input.css || {} })
      } else if (data.type === 'state') {
        field.empty = Boolean(data.empty)
        field.valid = Boolean(data.valid)
        field.error = data.error ? String(data.error) : ''
      } else if (data.type === 'focus' || data.type === 'blur') {
        field.focused = data.type === 'focus'
      } else if (data.type === 'tokenized') {
        var waiting = pending[data.requestId]
        if (!waiting) return
        delete pending[data.requestId]
        clearTimeout(waiting.timer)
        waiting.resolve(data.id ? { id: String(data.id) } : { error: String(data.error || 'Card details could not be processed') })
        return
      }
      notify()
    }

    function tokenizeField(field) {
      return new Promise(function (resolve) {
        var requestId = 'r' + ++sequence
        pending[requestId] = {
          resolve: resolve,
          timer: setTimeout(function () {
            delete pending[requestId]
            resolve({ error: 'Card details could not be processed in time. Please try again.' })
          }, TIMEOUT_MS),
        }
        send(field, { type: 'tokenize', requestId: requestId })
      })
    }

    function getPaymentToken(formData) {
      formData = formData || {}
      if (destroyed || !getState().isReady) {
        return Promise.reject(failure([{ code: 'not_ready', message: 'Hosted fields not ready' }]))
      }
      return Promise.all(fields.map(tokenizeField)).then(function (parts) {
        var messages = []
        parts.forEach(function (part, i) {
          fields[i].error = part.error || ''
          if (part.error) messages.push({ code: 'invalid_field', field: fields[i].name, message: part.error })
        })
        notify()
        if (messages.length) throw failure(messages)
        var ids = {}
        parts.forEach(function (part, i) {
          ids[fields[i].name] = part.id
        })
        return fetch(base + '/payment-tokens', {
          method: 'POST',
          credentials: 'omit',
          cache: 'no-store',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            numberToken: ids.number,
            cvvToken: ids.cvv,
            exp_month: Number(formData.exp_month),
            exp_year: Number(formData.exp_year),
            name: formData.name || undefined,
            postal_code: formData.postal_code || undefined,
            address1: formData.address1 || undefined,
          }),
        }).then(
          function (response) {
            return response.json().then(
              function (body) {
                if (response.ok && body && body.id) return { id: String(body.id) }
                var issues = (body && body.issues) || []
                var list = issues.length
                  ? issues.map(function (issue) {
                      return { code: 'invalid_field', field: issue.path, message: issue.message }
                    })
                  : [{ code: 'invalid', message: (body && (body.details || body.detail)) || 'Card details could not be processed' }]
                list.forEach(function (item) {
                  fields.forEach(function (f) {
                    if (f.name === item.field) f.error = item.message
                  })
                })
                notify()
                throw failure(list)
              },
              function () {
                throw failure([{ code: 'invalid', message: 'Card details could not be processed' }])
              },
            )
          },
          function () {
            throw failure([{ code: 'network', message: 'Card details could not be sent. Check your connection.' }])
          },
        )
      })
    }

    function destroy() {
      destroyed = true
      window.removeEventListener('message', onMessage)
      fields.forEach(function (f) {
        if (f.iframe.parentNode) f.iframe.parentNode.removeChild(f.iframe)
      })
      Object.keys(pending).forEach(function (id) {
        clearTimeout(pending[id].timer)
        pending[id].resolve({ error: 'Hosted fields were closed' })
      })
      pending = {}
    }

    window.addEventListener('message', onMessage)
    return { getPaymentToken: getPaymentToken, getState: getState, destroy: destroy }
  }

  window.SandboxPay = { HostedFields: { initializeFields: initializeFields } }
})()
