// Fixture for code.todo-marker.
package org.example;

public class Queue {
    // ruleid: code.todo-marker
    // TODO: bound the queue before release
    private final java.util.List<String> items = new java.util.ArrayList<>();

    /*
     * ruleid: code.todo-marker
     * FIXME the lock is held too long
     */
    public synchronized void add(String s) { items.add(s); }

    // ok: code.todo-marker
    // The todo list of the ward is kept in items.
    public int size() { return items.size(); }

    // ok: code.todo-marker
    String label = "TODO";
}
