@echo off
rem Start spades_voice on Windows: the first time it installs the game into .venv (about a
rem minute), then every start goes straight to the game. Options are passed on, as in
rem   scripts\play.cmd --level hard
rem It needs Python 3.11 or newer from python.org; the py launcher comes with it.
where py >nul 2>nul
if not errorlevel 1 (
    py -3 "%~dp0play.py" %*
    exit /b
)
where python >nul 2>nul
if not errorlevel 1 (
    python "%~dp0play.py" %*
    exit /b
)
echo Python was not found. Install Python 3.11 or newer from python.org, then run this again.
exit /b 1
