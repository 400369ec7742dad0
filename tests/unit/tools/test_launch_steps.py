"""bench.launch_steps reads a launch's steps from two clocks: its names and its table."""

import doctest

from bench import launch_steps


def test_the_step_names_and_the_table():
    failed, tried = doctest.testmod(launch_steps)
    assert tried >= 4 and failed == 0


def test_a_step_seen_twice_keeps_its_first_time_and_the_worker_clock_is_put_on_the_pages():
    class Worker:
        def evaluate(self, script):
            return {
                "origin": 1_100.0,
                "steps": [["worker: mark python:up", 50.0, None], ["worker: its clock starts", 0, None]],
            }

    class Page:
        workers = [Worker()]

        def evaluate(self, script):
            return {
                "origin": 1_000.0,
                "steps": [["page: mark yacht:worker", 90.0, None], ["page: mark yacht:worker", 95.0, None]],
            }

    steps = launch_steps.timeline(Page())
    assert steps == {
        "page: mark yacht:worker": (90.0, None),
        "worker: its clock starts": (100.0, None),
        "worker: mark python:up": (150.0, None),
    }
