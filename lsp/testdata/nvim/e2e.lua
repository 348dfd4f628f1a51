-- End-to-end test of `arraylint server` in a real Neovim (0.7+), run headless by
-- lsp/nvim_e2e_test.go:
--   nvim --headless --clean -u NONE -c 'luafile e2e.lua'
-- Environment: ARRAYLINT_BIN (the server binary), ARRAYLINT_FIXTURE (the Python file to open),
-- ARRAYLINT_OUT (where to write the JSON record), ARRAYLINT_EDIT_LINE/ARRAYLINT_EDIT_TEXT (the
-- 0-based line to replace and its new text), ARRAYLINT_ACTION_LINE/COL (1-based line, 0-based
-- byte column of the cursor for the code action) and ARRAYLINT_ACTION_TITLE.
-- The script only records what Neovim received; the Go test asserts.

local env = function(name)
  local v = os.getenv(name)
  if v == nil or v == '' then error('missing environment variable ' .. name) end
  return v
end

local out = env('ARRAYLINT_OUT')
local record = { errors = {} }

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(record) }, out)
  vim.cmd('qall!')
end

local function fail(msg)
  table.insert(record.errors, msg)
  finish()
end

local ok, err = pcall(function()
  local fixture = env('ARRAYLINT_FIXTURE')
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture))
  local bufnr = vim.api.nvim_get_current_buf()

  local client_id = vim.lsp.start_client({
    name = 'arraylint',
    cmd = { env('ARRAYLINT_BIN'), 'server', '--diagnostics-delay', '100ms' },
    root_dir = vim.fn.fnamemodify(fixture, ':p:h'),
    flags = { debounce_text_changes = 10 },
  })
  if not client_id then return fail('vim.lsp.start_client returned nil') end
  if not vim.lsp.buf_attach_client(bufnr, client_id) then return fail('buf_attach_client failed') end

  -- diags returns the buffer's diagnostics, sorted, as plain tables.
  local function diags()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(list, {
        code = d.code, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
        severity = d.severity, source = d.source, message = d.message,
      })
    end
    table.sort(list, function(a, b)
      if a.lnum ~= b.lnum then return a.lnum < b.lnum end
      if a.col ~= b.col then return a.col < b.col end
      return a.code < b.code
    end)
    return list
  end

  -- settle waits until the diagnostics differ from `before` and then stay unchanged for 1.5 s
  -- (the memory rules publish a second time after the diagnostics delay).
  local function settle(before, what)
    local prev = before
    local stable_since = nil
    local done = vim.wait(20000, function()
      local cur = vim.fn.json_encode(diags())
      if cur ~= prev then
        prev = cur
        stable_since = vim.loop.now()
        return false
      end
      return cur ~= before and stable_since ~= nil and vim.loop.now() - stable_since > 1500
    end, 50)
    if not done then error('timed out waiting for diagnostics ' .. what) end
    return diags()
  end

  -- 1. Diagnostics of the opened file.
  record.initial = settle(vim.fn.json_encode(diags()), 'after open')
  local client = vim.lsp.get_client_by_id(client_id)
  record.offset_encoding = client.offset_encoding

  -- 2. Edit a line; fresh diagnostics.
  local line = tonumber(env('ARRAYLINT_EDIT_LINE'))
  local before = vim.fn.json_encode(diags())
  vim.api.nvim_buf_set_lines(bufnr, line, line + 1, false, { env('ARRAYLINT_EDIT_TEXT') })
  record.after_edit = settle(before, 'after the edit')

  -- 3. A code action chosen by title, as a user picks it from the menu.
  local want = env('ARRAYLINT_ACTION_TITLE')
  vim.ui.select = function(items, opts, on_choice)
    record.action_titles = {}
    local chosen = nil
    for _, item in ipairs(items) do
      local title = opts.format_item(item) -- (format_item also returns gsub's count)
      table.insert(record.action_titles, title)
      if item[2].title == want and chosen == nil then chosen = item end
    end
    on_choice(chosen)
  end
  vim.api.nvim_win_set_cursor(0, { tonumber(env('ARRAYLINT_ACTION_LINE')), tonumber(env('ARRAYLINT_ACTION_COL')) })
  local text_before = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  before = vim.fn.json_encode(diags())
  vim.lsp.buf.code_action()
  local applied = vim.wait(10000, function()
    return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') ~= text_before
  end, 20)
  if not applied then error('the code action did not change the buffer; offered: ' .. vim.inspect(record.action_titles)) end
  record.after_action_text = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  record.after_action = settle(before, 'after the code action')

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
  record.stopped = vim.lsp.client_is_stopped(client_id)
end)
if not ok then table.insert(record.errors, tostring(err)) end
finish()
